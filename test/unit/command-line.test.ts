// lib/command-line.ts: what every command prints for --help and how it refuses what it does not take.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CommandLineExit, type CommandSpec, commandLine, type OptionSpec } from '../../lib/command-line';
import { PROJECT_ROOT } from '../../lib/paths';

const SPEC = {
  command: 'npm run example --',
  summary: 'Does an example thing.',
  options: {
    quick: { type: 'boolean', description: 'fewer parts' },
    only: { type: 'string', value: '<parts>', description: 'these parts' },
    context: { type: 'string', short: 'c', multiple: true, value: '<key=value>', description: 'more context' },
  },
  args: [
    { name: 'dir', description: 'where', required: true },
    { name: 'date', description: 'when' },
  ],
  environment: { EXAMPLE_SECONDS: 'how long' },
} as const satisfies CommandSpec<Record<string, OptionSpec>>;

const exitOf = (argv: string[]): CommandLineExit => {
  try {
    commandLine(SPEC, argv, { exit: false });
  } catch (error) {
    if (error instanceof CommandLineExit) return error;
    throw error;
  }
  throw new Error('did not exit');
};

describe('commandLine', () => {
  it('parses options and arguments', () => {
    const { values, args } = commandLine(SPEC, ['data', '--quick', '--only', 'a,b', '-c', 'x=1', '--context=y=2'], { exit: false });
    expect(values).toEqual({ quick: true, only: 'a,b', context: ['x=1', 'y=2'] });
    expect(args).toEqual(['data']);
  });

  it('--help (or -h) is the usage, exit 0, whatever else is given', () => {
    const help = exitOf(['--help']);
    expect(help.exitCode).toBe(0);
    expect(help.output).toBe(
      [
        'Usage: npm run example -- [options] <dir> [date]',
        '',
        'Does an example thing.',
        '',
        'Arguments:',
        '  <dir>                      where',
        '  [date]                     when',
        '',
        'Options:',
        '  --quick                    fewer parts',
        '  --only <parts>             these parts',
        '  -c, --context <key=value>  more context',
        '  -h, --help                 show this help',
        '',
        'Environment:',
        '  EXAMPLE_SECONDS            how long',
        '',
      ].join('\n'),
    );
    expect(exitOf(['x', '-h']).exitCode).toBe(0);
  });

  it.each([
    [['x', '--frobnicate'], "npm run example: unknown option '--frobnicate' (npm run example -- --help lists the options)"],
    [['x', '--only'], "npm run example: option '--only <value>' argument missing (npm run example -- --help lists the options)"],
    [['x', '--quick=yes'], "npm run example: option '--quick' does not take an argument (npm run example -- --help lists the options)"],
    [[], 'npm run example: missing <dir> (npm run example -- --help lists the options)'],
    [['x', '--only', '-q'], "npm run example: option '--only' argument is ambiguous (npm run example -- --help lists the options)"],
    [['x', 'y', 'z'], "npm run example: unexpected argument 'z' (npm run example -- --help lists the options)"],
  ])('%j is refused in one line, exit 2', (argv, message) => {
    const refused = exitOf(argv);
    expect(refused.exitCode).toBe(2);
    expect(refused.output).toBe(message);
  });

  it('a command without arguments refuses one', () => {
    expect(() => commandLine({ command: 'npm run plain --', summary: 'Plain.' }, ['stray'], { exit: false })).toThrow(/unexpected argument 'stray'/);
  });

  it('wholeNumber refuses a value that is not a whole number in range, in the same one line', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/sample-export.ts', '/dev/null', ...args], { cwd: PROJECT_ROOT, encoding: 'utf8' });
    for (const bad of [['--invoices', '0'], ['--invoices', '2.5'], ['--seed', 'x'], ['--seed=-1']]) {
      const r = run(...bad);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`${bad[0]!.split('=')[0]} takes a whole number`);
    }
    expect(run('--invoices', '3', '--invalid-every', '0').status).toBe(0);
  });
});
