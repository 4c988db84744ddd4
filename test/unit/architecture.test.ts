// Keeps the layering of the project true. Import rules (cycles included) are dependency-cruiser's
// (.dependency-cruiser.cjs); what an import graph cannot show is checked here: the core reads no
// clock and no environment.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/paths';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('import rules (dependency-cruiser)', () => {
  it('finds no violation in functions, lib, bin, scripts, tests and the console', () => {
    const cli = join(PROJECT_ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
    let violations = '';
    try {
      execFileSync(
        process.execPath,
        [cli, 'functions', 'lib', 'bin', 'scripts', 'test', 'console', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
        {
          cwd: PROJECT_ROOT,
          encoding: 'utf8',
        },
      );
    } catch (error) {
      // dependency-cruiser exits non-zero when a rule is broken and lists each violation.
      violations = String((error as { stdout?: string }).stdout || error);
    }
    expect(violations).toBe('');
  }, 60_000);
});

describe('functions/core', () => {
  const core = files(join(PROJECT_ROOT, 'functions/core'));
  it.each(core.map((f) => relative(PROJECT_ROOT, f)))('%s reads no clock and no environment', (file) => {
    const source = readFileSync(join(PROJECT_ROOT, file), 'utf8');
    expect(source, `${file} reads the clock`).not.toMatch(/Date\.now\(\)|new Date\(\)|performance\.now/);
    expect(source, `${file} reads the environment`).not.toMatch(/process\.env/);
  });
});
