// Keeps the layering of the project true. Import rules (cycles included) are dependency-cruiser's
// (.dependency-cruiser.cjs); what an import graph cannot show is checked here: the core reads no
// clock and no environment, and the generic engine and content name no state (a state's
// code-level rules live in its module, functions/core/tax/states/).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { US_STATES } from '../../functions/core/content/states';
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

/**
 * The code of a TypeScript file without its comments (string and template literals kept): enough
 * of a scanner for the project's own files, which keep `//` and `/*` out of regular expressions.
 */
function withoutComments(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

describe('the generic engine and content name no state', () => {
  // The artifact format names the fields of the states whose data it holds (its types are the file's
  // format); states.ts is the list of the jurisdictions a ship-to may resolve to.
  const EXEMPT = ['functions/core/content/artifact.ts', 'functions/core/content/states.ts'];
  const generic = [...files(join(PROJECT_ROOT, 'functions/core/tax')), ...files(join(PROJECT_ROOT, 'functions/core/content'))]
    .map((f) => relative(PROJECT_ROOT, f))
    .filter((f) => !f.startsWith('functions/core/tax/states/') && !EXEMPT.includes(f));
  const stateLiteral = new RegExp(`(['"\`])(${US_STATES.join('|')})\\1`);
  const stateName = /illinois|kentucky|california/i;

  it('finds the generic files (and the state modules outside them)', () => {
    expect(generic).toContain('functions/core/tax/engine.ts');
    expect(generic).toContain('functions/core/content/tax-content.ts');
    expect(generic.some((f) => f.includes('/states/'))).toBe(false);
  });

  // Two capitals that are no state's code there: place names abbreviate MOUNT as MT.
  const NOT_A_STATE: Record<string, string> = { 'functions/core/content/place-key.ts': "'MT'" };

  it.each(generic)('%s names no state code and no Illinois, Kentucky or California identifier', (file) => {
    let code = withoutComments(readFileSync(join(PROJECT_ROOT, file), 'utf8'));
    const allowed = NOT_A_STATE[file];
    if (allowed !== undefined) code = code.replaceAll(allowed, "''");
    expect(code.match(stateLiteral)?.[0], `${file} names a state code`).toBeUndefined();
    expect(code.match(stateName)?.[0], `${file} names a state`).toBeUndefined();
  });

  it('the check catches a state code or a state-named identifier, not a comment', () => {
    const flagged = (source: string) => stateLiteral.test(withoutComments(source)) || stateName.test(withoutComments(source));
    expect(flagged("if (p.state === 'IL') return;")).toBe(true);
    expect(flagged('const x = `KY`;')).toBe(true);
    expect(flagged('let illinois = false;')).toBe(true);
    expect(flagged('const kentuckyWindows = 1;')).toBe(true);
    expect(flagged("// Illinois lines: 'IL'\nconst a = 1; /* 'KY' */")).toBe(false);
    expect(flagged("const code = 'il_rate_index_not_ready'; const zip = 'ILX';")).toBe(false);
  });
});
