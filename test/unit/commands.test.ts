// Every command answers --help and refuses an unknown option in one line before it does anything
// (`sample-export --help` once wrote a file named `--help`). The commands are found, not listed:
// every script of package.json, every command under scripts/ and its folders (a file no other file
// imports, or one with a main guard), and every command of the stx CLI. A command added later
// without a usage fails here.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/paths';

// One word: vitest's parser would report a hyphenated name camel-cased.
const UNKNOWN = '--frobnicate';
const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const scripts = Object.entries(pkg.scripts);

/** A script that runs one of this project's commands (the rest run a tool: vitest, biome). */
const OWN = /^(?:tsx|node --import tsx) ((?:bin|scripts)\/[\w-]+\.ts)$/;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done, fail) => {
    // npm's own notices (an unknown user config, the lifecycle banner) are not the command's output.
    const child = spawn(command, args, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, npm_config_loglevel: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

/** The .ts files under these folders, and the project files each imports (resolved paths). */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx|mjs)$/.test(name)) {
        const text = readFileSync(path, 'utf8');
        const targets = new Set<string>();
        for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g))
          targets.add(resolve(dirname(path), m[1]!).replace(/\.(ts|tsx|mjs)$/, ''));
        graph.set(path, targets);
      }
    }
  };
  for (const dir of ['bin', 'lib', 'scripts', 'test', 'cli', 'client', 'examples', 'functions', 'console']) walk(join(PROJECT_ROOT, dir));
  return graph;
}

/** Files under scripts/ (its folders included) that are run, not imported: no other file imports them, or they guard a main. */
function scriptCommands(): string[] {
  const graph = importGraph();
  const imported = new Set([...graph.values()].flatMap((targets) => [...targets]));
  const scripts = join(PROJECT_ROOT, 'scripts');
  return [...graph.keys()]
    .filter((path) => path.startsWith(`${scripts}/`) && path.endsWith('.ts'))
    .filter((path) => !imported.has(path.replace(/\.ts$/, '')) || /\bisMain\(import\.meta\.url\)/.test(readFileSync(path, 'utf8')))
    .map((path) => relative(PROJECT_ROOT, path))
    .sort();
}

const treeState = () => {
  try {
    return execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  } catch {
    return null; // not a git checkout
  }
};

describe('every command answers --help and refuses an unknown option', () => {
  const before = treeState();

  it('finds the commands: every npm script, the commands under scripts/, stx', () => {
    expect(scripts.length).toBeGreaterThan(15);
    expect(scriptCommands()).toEqual(
      expect.arrayContaining(['scripts/bench.ts', 'scripts/sample-export.ts', 'scripts/seed-stage.ts', 'scripts/bench/profile-commit.ts']),
    );
    expect(scriptCommands()).not.toContain('scripts/local-runner.ts');
  });

  it.each(scripts)('npm script %s is one command (npm appends the arguments to the last command of a chain only)', (_name, command) => {
    expect(command).not.toMatch(/&&|\|\||;|\|/);
  });

  describe.concurrent('npm scripts', () => {
    it.each(scripts)(
      'npm run %s -- --help prints its usage and exits 0',
      async (name, command) => {
        const help = await run('npm', ['run', '--silent', name, '--', '--help']);
        expect(help.code, help.stderr).toBe(0);
        expect(help.stdout).toMatch(/usage/i);
        if (OWN.test(command)) {
          expect(help.stdout).toMatch(new RegExp(`^Usage: npm (run ${name.replace(':', '\\:')}|start) --`));
          expect(help.stderr).toBe('');
        }
      },
      60_000,
    );

    it.each(scripts)(
      `npm run %s -- ${UNKNOWN} is refused without acting`,
      async (name, command) => {
        const refused = await run('npm', ['run', '--silent', name, '--', UNKNOWN]);
        expect(refused.code).not.toBe(0);
        expect(refused.stdout + refused.stderr).toContain(UNKNOWN);
        if (OWN.test(command)) {
          // One line on stderr, exit 2, nothing on stdout: it did not start.
          expect(refused.code).toBe(2);
          expect(refused.stdout).toBe('');
          expect(lines(refused.stderr)).toEqual([expect.stringContaining(`unknown option '${UNKNOWN}'`)]);
        }
      },
      60_000,
    );
  });

  describe.concurrent('commands under scripts/ that no npm script runs', () => {
    const viaNpm = new Set(scripts.map(([, c]) => OWN.exec(c)?.[1]).filter(Boolean));
    const direct = scriptCommands().filter((file) => !viaNpm.has(file));

    it.each(direct)('%s reads its arguments through lib/command-line.ts', (file) => {
      expect(readFileSync(join(PROJECT_ROOT, file), 'utf8')).toMatch(/\bcommandLine\(/);
    });

    it.each(direct)(
      '%s --help prints its usage; an unknown option is one line and exit 2',
      async (file) => {
        const help = await run(process.execPath, ['--import', 'tsx', file, '--help']);
        expect(help.code, help.stderr).toBe(0);
        expect(help.stdout).toMatch(/^Usage: /);
        const refused = await run(process.execPath, ['--import', 'tsx', file, UNKNOWN]);
        expect(refused.code).toBe(2);
        expect(refused.stdout).toBe('');
        expect(lines(refused.stderr)).toEqual([expect.stringContaining(`unknown option '${UNKNOWN}'`)]);
      },
      60_000,
    );
  });

  it('stx and each of its commands answer --help; an unknown option or command is one line and exit 2', async () => {
    const stx = (...args: string[]) => run(process.execPath, ['cli/bin/stx.mjs', ...args], { STX_API_KEY: 'stx_test_unused' });
    const top = await stx('--help');
    expect(top.code).toBe(0);
    const commands = top.stdout
      .split(/^Commands:$/m)[1]!
      .split('\n')
      .map((l) => /^ {2}([a-z][\w-]*)/.exec(l)?.[1])
      .filter((c): c is string => c !== undefined && c !== 'help');
    expect(commands).toContain('batch');
    for (const command of commands) {
      const help = await stx(command, '--help');
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: stx ${command} `));
      const refused = await stx(command, 'placeholder-argument', UNKNOWN);
      expect(refused.code).toBe(2);
      expect(refused.stdout).toBe('');
      expect(lines(refused.stderr)).toEqual([expect.stringContaining(UNKNOWN)]);
    }
    const unknownCommand = await stx('no-such-command');
    expect(unknownCommand.code).toBe(2);
    expect(lines(unknownCommand.stderr)).toHaveLength(1);
  }, 60_000);

  it('left the working tree as it found it', () => {
    // Runs last in this file: none of the runs above wrote or changed a file of the project.
    expect(treeState()).toBe(before);
  });
});
