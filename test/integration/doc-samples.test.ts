// Every code sample of the guides runs here, so the guides cannot drift from the service: README.md,
// every docs/**/*.md and every folder's README.md, found when the test starts (a guide added later is
// covered without a change here). What each kind of block must do is in test/support/doc-samples.ts
// and docs/contributing.md ("Code samples in the guides"). The samples run as a reader runs them,
// from a scratch copy of the project (test-output/doc-samples/<guide>/: the project's top-level
// entries linked, examples/ copied, so what a sample writes stays there), against runners started as
// the guide's `sh start` blocks say, each on a free port (the guides' http://127.0.0.1:3000 is
// replaced by the runner's address) with its data in the scratch copy. npm's own banner lines are
// silenced. Runs against the local runner only.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/paths';
import { type Block, commandsOf, diagramPaths, matchJson, matchText, optionsOf, parseBlocks, type Sample, samplesOf } from '../support/doc-samples';
import { REMOTE } from '../support/target';

const DEFAULT_URL = 'http://127.0.0.1:3000';
const SCRATCH = join(PROJECT_ROOT, 'test-output', 'doc-samples');
const SKIP_DIRS = new Set(['node_modules', 'test-output', 'cdk.out', '.build', '.data', '.git']);

/** README.md, docs/**\/*.md, <folder>/README.md: README first, then by path. */
function guides(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(PROJECT_ROOT, dir)).sort()) {
      const path = join(dir, name);
      if (statSync(join(PROJECT_ROOT, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  if (existsSync(join(PROJECT_ROOT, 'docs'))) walk('docs');
  for (const name of readdirSync(PROJECT_ROOT).sort())
    if (!SKIP_DIRS.has(name) && !name.startsWith('.') && existsSync(join(PROJECT_ROOT, name, 'README.md'))) found.push(join(name, 'README.md'));
  return found;
}

interface Runner {
  readonly url: string;
  /** The demo key a runner without a seed prints. */
  readonly key: string | undefined;
  readonly banner: string;
  readonly child: ChildProcess;
}
const runners = new Map<string, Promise<Runner>>();

/** The project as a reader's checkout: top-level entries linked, examples/ copied (samples write beside it). */
function scratchCopy(guide: string): string {
  const dir = join(SCRATCH, guide.replace(/[/.]/g, '-'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(PROJECT_ROOT)) {
    if (name === '.git' || name === 'test-output' || name === '.data') continue;
    if (name === 'examples') cpSync(join(PROJECT_ROOT, name), join(dir, name), { recursive: true });
    else symlinkSync(join(PROJECT_ROOT, name), join(dir, name));
  }
  return dir;
}

const ENV = {
  ...process.env,
  // npm's banner (`> salestax-service@0.1.0 bench`) and notices are not the command's output.
  npm_config_loglevel: 'silent',
  // DynamoDB Local with C1 alone: these runners live a few minutes (lib/local/engines.ts).
  STX_DYNAMODB_JIT: 'quick',
  LOG_LEVEL: 'ERROR',
  FORCE_COLOR: '0',
};

function startRunner(line: string, cwd: string): Promise<Runner> {
  const child = spawn('bash', ['-c', `exec env ${line}`], {
    cwd,
    env: { ...ENV, PORT: '0', STX_DATA_DIR: join(cwd, `.data-${runners.size}`) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`\`${line}\` did not print ready: within 150 s:\n${out}`)), 150_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const ready = /^ready: (\S+)$/m.exec(out);
      if (!ready) return;
      clearTimeout(timer);
      const banner = out.slice(0, ready.index + ready[0].length);
      resolve({ url: ready[1]!, key: /Demo organization admin key \(sandbox\): (\S+)/.exec(banner)?.[1], banner, child });
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`\`${line}\` exited with ${code}:\n${out}`));
    });
  });
}

afterAll(async () => {
  for (const pending of runners.values()) {
    const runner = await pending.catch(() => undefined);
    if (!runner || runner.child.exitCode !== null) continue;
    const exited = new Promise((resolve) => runner.child.once('exit', resolve));
    try {
      process.kill(-runner.child.pid!, 'SIGTERM');
    } catch {
      /* gone */
    }
    await exited;
  }
}, 60_000);

function run(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

const at = (b: Block) => `${b.file}:${b.line}`;
const startLine = (text: string) => text.trim().replace(/^npm install && /, '');

function checkOutput(sample: Extract<Sample, { kind: 'start' | 'run' }>, printed: string, url: string) {
  if (!sample.output) return;
  const shown = sample.output.text.replaceAll(DEFAULT_URL, url);
  if (sample.output.lang === 'json') {
    let actual: unknown;
    try {
      actual = JSON.parse(printed);
    } catch {
      throw new Error(`${at(sample.output)}: the guide shows JSON, the sample printed:\n${printed}`);
    }
    const differs = matchJson(JSON.parse(shown), actual);
    expect(differs, `${at(sample.output)}: ${differs}\nprinted: ${printed}`).toBeNull();
  } else {
    const differs = matchText(shown, printed);
    expect(differs, `${at(sample.output)}: ${differs}`).toBeNull();
  }
}

// What `--help` of a command prints, for the options a `sh check` block uses.
const helps = new Map<string, string>();
const helpOf = (key: string, command: string, args: string[]): string => {
  if (!helps.has(key)) {
    let text: string;
    try {
      text = execFileSync(command, args, { cwd: PROJECT_ROOT, env: ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      text = `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`;
    }
    helps.set(key, text);
  }
  return helps.get(key)!;
};
const SETUP = new Set(['cd', 'export', 'rm', 'cp', 'mv', 'mkdir', 'cat', 'echo', 'ls', 'git', 'unzip']);
const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** Why a command of a `sh check` block is not what the project has, or null. */
function checkCommand(words: string[]): string | null {
  const [first, second, third] = words;
  const optionsIn = (help: string, used: string[]) => {
    const unknown = used.filter((o) => !new RegExp(`(^|[\\s,\\[(])${o.replace(/[-]/g, '\\-')}(?=[\\s,=\\])<]|$)`, 'm').test(help));
    return unknown.length ? `${words.join(' ')}: ${unknown.join(', ')} not among the options its --help lists` : null;
  };
  const afterDashes = (from: number) => {
    const dashes = words.indexOf('--', from);
    return dashes < 0 ? [] : optionsOf(words.slice(dashes + 1));
  };
  if (first === 'npm' && (second === 'install' || second === 'ci')) return null;
  if (first === 'npm' && (second === 'start' || second === 'test')) return optionsIn(helpOf(`npm ${second}`, 'npm', [second, '--', '--help']), afterDashes(2));
  if (first === 'npm' && second === 'run') {
    if (!third || !(third in scripts)) return `${words.join(' ')}: package.json has no script ${third}`;
    return optionsIn(helpOf(`npm run ${third}`, 'npm', ['run', third, '--', '--help']), afterDashes(3));
  }
  if (first === 'npx' && second === 'tsx') {
    if (third === '-e' || third === '--eval') return null;
    if (!third || !existsSync(join(PROJECT_ROOT, third))) return `${words.join(' ')}: no file ${third}`;
    return optionsIn(helpOf(third, process.execPath, ['--import', 'tsx', third, '--help']), optionsOf(words.slice(3)));
  }
  if (first === 'npx' && (second === 'cdk' || second === 'stx' || second === 'vitest')) {
    const sub = words[2] && !words[2].startsWith('-') ? [words[2]] : [];
    const help =
      second === 'stx'
        ? helpOf(`stx ${sub}`, process.execPath, ['cli/bin/stx.mjs', ...sub, '--help'])
        : helpOf(`${second} ${sub}`, 'npx', [second, ...sub, '--help']);
    return optionsIn(help, optionsOf(words.slice(2 + sub.length)));
  }
  // The AWS CLI is not on these machines: its lines are read, not checked.
  if (first === 'aws' || SETUP.has(first!)) return null;
  return `${words.join(' ')}: a command the check does not know (run it in a \`sh run\` block, or teach test/integration/doc-samples.test.ts to check it)`;
}

describe.skipIf(REMOTE)('code samples of the guides', () => {
  it('the TypeScript samples type-check, as a reader’s editor would check them', () => {
    const dir = join(SCRATCH, 'typecheck');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files: string[] = [];
    for (const guide of guides())
      for (const b of parseBlocks(readFileSync(join(PROJECT_ROOT, guide), 'utf8'), guide))
        if (b.lang === 'ts' && b.tags[0] === 'run') {
          const file = `${guide.replace(/[/.]/g, '-')}-${b.line}.ts`;
          writeFileSync(join(dir, file), b.text);
          files.push(file);
        }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../../../tsconfig.json', include: files }));
    try {
      execFileSync(process.execPath, [join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      throw new Error(`the TypeScript samples do not type-check:\n${(error as { stdout?: string }).stdout ?? error}`);
    }
  }, 120_000);

  for (const guide of guides()) {
    const blocks = parseBlocks(readFileSync(join(PROJECT_ROOT, guide), 'utf8'), guide);
    let samples: Sample[] = [];
    let parseError: Error | undefined;
    try {
      samples = samplesOf(blocks);
    } catch (error) {
      parseError = error as Error;
    }

    describe.sequential(guide, () => {
      let cwd = '';
      let current: Runner | undefined;

      it('every block is a sample the tests know', () => {
        if (parseError) throw parseError;
        cwd = scratchCopy(guide);
      });

      for (const sample of samples) {
        const { block } = sample;
        it(`${block.lang} ${sample.kind} at line ${block.line}`, { timeout: 180_000 }, async () => {
          if (!cwd) cwd = scratchCopy(guide);
          if (sample.kind === 'file') {
            JSON.parse(block.text);
            writeFileSync(join(cwd, block.attrs.file!), `${block.text}\n`);
          } else if (sample.kind === 'paths') {
            const missing = block.text
              .split('\n')
              .flatMap((line) => {
                const words = line.trim().split(/\s+/);
                const paths: string[] = [];
                for (const w of words) {
                  const p = w.replace(/,$/, '');
                  if (!/^[\w.-]+(\/[\w.*-]*)*\/?$/.test(p) || !(p.includes('/') || p.includes('.'))) break;
                  paths.push(p.replace(/\/\*.*$/, ''));
                }
                return paths;
              })
              .filter((p) => !existsSync(join(PROJECT_ROOT, p)));
            expect(missing, `${at(block)}: paths that do not exist`).toEqual([]);
          } else if (sample.kind === 'diagram') {
            const missing = diagramPaths(block.text).filter((p) => !existsSync(join(PROJECT_ROOT, p)));
            expect(missing, `${at(block)}: paths that do not exist`).toEqual([]);
          } else if (sample.kind === 'check') {
            const problems = commandsOf(block.text)
              .map(checkCommand)
              .filter((p): p is string => p !== null);
            expect(problems, at(block)).toEqual([]);
          } else if (sample.kind === 'start') {
            const line = startLine(block.text);
            expect(line, `${at(block)}: a start block is one line ending in npm start`).toMatch(/^([A-Z_][A-Z0-9_]*=\S+ )*npm start( -- .*)?$/);
            if (!runners.has(line)) runners.set(line, startRunner(line, cwd));
            current = await runners.get(line)!;
            checkOutput(sample, current.banner, current.url);
          } else {
            expect(current, `${at(block)}: a \`sh start\` block must come before the samples that call the service`).toBeDefined();
            const url = current?.url ?? DEFAULT_URL;
            const text = block.text.replaceAll(DEFAULT_URL, url);
            // A guide's own state directory (the loader's resumable state), gone with its scratch copy.
            const env = { KEY: current?.key ?? '', STX_BASE_URL: url, XDG_STATE_HOME: join(cwd, '.state') };
            let result: { code: number | null; output: string };
            if (block.lang === 'ts') {
              const file = join(cwd, `doc-sample-${block.line}.ts`);
              writeFileSync(file, text);
              result = await run(process.execPath, ['--import', 'tsx', relative(cwd, file)], cwd, env);
            } else result = await run('bash', ['-c', `set -eo pipefail\n${text}`], cwd, env);
            const expected = Number(block.attrs.exit ?? 0);
            expect(result.code, `${at(block)} exited ${result.code}, expected ${expected}:\n${result.output}`).toBe(expected);
            checkOutput(sample as Extract<Sample, { kind: 'run' }>, result.output, url);
          }
        });
      }
    });
  }
});
