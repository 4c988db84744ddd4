// Keeps the layering of docs/architecture true: the core (tax engine, lifecycle rules) imports
// nothing outside itself except type-only schema imports, reads no clock and no environment;
// lib/** never imports runtime code of functions/** except types and the local runner's
// dynamic loading.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/paths';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const importsOf = (source: string) => [...source.matchAll(/^import\s+(type\s+)?[^'"]*from\s+'([^']+)'/gm)].map((m) => ({ typeOnly: Boolean(m[1]), from: m[2]! }));

describe('functions/core', () => {
  const core = files(join(PROJECT_ROOT, 'functions/core'));
  it.each(core.map((f) => relative(PROJECT_ROOT, f)))('%s stays pure', (file) => {
    const source = readFileSync(join(PROJECT_ROOT, file), 'utf8');
    for (const { typeOnly, from } of importsOf(source)) {
      const inside = from.startsWith('.') && resolve(dirname(join(PROJECT_ROOT, file)), from).startsWith(join(PROJECT_ROOT, 'functions/core'));
      const allowed = inside || typeOnly || from === 'node:crypto';
      expect(allowed, `${file} imports ${from}`).toBe(true);
    }
    expect(source, `${file} reads the clock`).not.toMatch(/Date\.now\(\)|new Date\(\)|performance\.now/);
    expect(source, `${file} reads the environment`).not.toMatch(/process\.env/);
  });
});

describe('lib', () => {
  it('imports functions/** for types only (handlers are loaded dynamically by path)', () => {
    for (const file of files(join(PROJECT_ROOT, 'lib'))) {
      for (const { typeOnly, from } of importsOf(readFileSync(file, 'utf8')))
        if (from.includes('functions/')) expect(typeOnly, `${relative(PROJECT_ROOT, file)} imports ${from}`).toBe(true);
    }
  });
});
