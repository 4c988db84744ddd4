// The arguments of every command of the project (`npm start`, the scripts under scripts/): Node's
// parseArgs, strict. `--help` prints the command's usage and exits 0; an unknown option, a missing
// value or a stray argument is refused with one line on stderr and exit 2 before the command does
// anything (a script once wrote a file named `--help`). test/unit/commands.test.ts runs every npm
// script and every command under scripts/ with `--help` and with an unknown option.
import { realpathSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** A string option given several times collects every value. */
  readonly multiple?: boolean;
  /** The value's placeholder in the help (`<file>`); string options only. */
  readonly value?: string;
  readonly description: string;
}

export interface ArgumentSpec {
  readonly name: string;
  readonly description: string;
  readonly required?: boolean;
}

export interface CommandSpec<O extends Record<string, OptionSpec>> {
  /** How a person types it, up to its arguments: `npm run bench --`, `npx tsx scripts/seed-stage.ts`. */
  readonly command: string;
  /** What it does, in a sentence or two. */
  readonly summary: string;
  readonly options?: O;
  /** Positional arguments in order; the required ones first. */
  readonly args?: readonly ArgumentSpec[];
  /** Environment variables it reads, and what each changes. */
  readonly environment?: Readonly<Record<string, string>>;
  /** Anything else the reader of the help needs: examples, where the output goes. */
  readonly notes?: readonly string[];
}

type ValueOf<S extends OptionSpec> = S['type'] extends 'boolean' ? boolean : S['multiple'] extends true ? string[] : string;
export type Values<O extends Record<string, OptionSpec>> = { readonly [K in keyof O]?: ValueOf<O[K]> };

export interface Parsed<O extends Record<string, OptionSpec>> {
  readonly values: Values<O>;
  /** The positional arguments, as many as were given (required ones are checked). */
  readonly args: readonly string[];
}

/** Thrown instead of exiting when the caller asks (tests); `exitCode` is what the command would exit with. */
export class CommandLineExit extends Error {
  constructor(
    readonly exitCode: 0 | 2,
    readonly output: string,
  ) {
    super(output);
  }
}

/**
 * Whether the module of `moduleUrl` is the program being run, not imported. Node resolves the
 * module's own URL through symlinks but leaves argv[1] as typed, so both are compared resolved.
 */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return moduleUrl === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

const HELP: OptionSpec = { type: 'boolean', short: 'h', description: 'show this help' };

const WIDTH = 100;

/** `text` in lines of at most `width` characters, broken at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

export function usage<O extends Record<string, OptionSpec>>(spec: CommandSpec<O>): string {
  const options = Object.entries({ ...spec.options, help: HELP });
  const flag = ([name, o]: [string, OptionSpec]) => `${o.short ? `-${o.short}, ` : ''}--${name}${o.type === 'string' ? ` ${o.value ?? '<value>'}` : ''}`;
  const args = spec.args ?? [];
  const rows = [
    ...args.map((a) => [a.required ? `<${a.name}>` : `[${a.name}]`, a.description] as const),
    ...options.map((o) => [flag(o), o[1].description] as const),
  ];
  const width = Math.min(30, Math.max(...rows.map(([left]) => left.length), ...Object.keys(spec.environment ?? {}).map((k) => k.length)) + 2);
  const indent = ' '.repeat(width + 2);
  const row = (left: string, right: string) =>
    `  ${left.padEnd(width)}${left.length >= width ? `\n${indent}` : ''}${wrap(right, WIDTH - width - 2).join(`\n${indent}`)}`;
  const lines = [
    `Usage: ${spec.command}${options.length > 1 ? ' [options]' : ''}${args.map((a) => (a.required ? ` <${a.name}>` : ` [${a.name}]`)).join('')}`,
    '',
    ...wrap(spec.summary, WIDTH),
    '',
  ];
  if (args.length > 0) lines.push('Arguments:', ...args.map((a) => row(a.required ? `<${a.name}>` : `[${a.name}]`, a.description)), '');
  lines.push('Options:', ...options.map((o) => row(flag(o), o[1].description)), '');
  if (spec.environment && Object.keys(spec.environment).length > 0)
    lines.push('Environment:', ...Object.entries(spec.environment).map(([name, text]) => row(name, text)), '');
  if (spec.notes?.length) lines.push(...spec.notes.flatMap((note) => wrap(note, WIDTH)), '');
  return lines.join('\n');
}

/** The first sentence of a parseArgs error, in lower case (its advice that follows only confuses here). */
const shortMessage = (error: Error): string => {
  const first = error.message.split('\n')[0]!.split('. ')[0]!.replace(/\.$/, '');
  return first.charAt(0).toLowerCase() + first.slice(1);
};

/** Refuses what parseArgs cannot judge (a value out of range, two arguments that go together) in the same one line, exit 2. */
export function refuse(spec: Pick<CommandSpec<Record<string, OptionSpec>>, 'command'>, what: string): never {
  writeSync(2, `${spec.command.replace(/ --$/, '')}: ${what} (${spec.command} --help lists the options)\n`);
  process.exit(2);
}

/** A whole number from `--name <n>` at least `min`, or the default when the option is absent; anything else is refused. */
export function wholeNumber(
  spec: Pick<CommandSpec<Record<string, OptionSpec>>, 'command'>,
  name: string,
  value: string | undefined,
  fallback: number,
  min = 1,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min) refuse(spec, `${name} takes a whole number from ${min}, not '${value}'`);
  return n;
}

/**
 * Parses `argv` against `spec`. `--help` prints the usage and exits 0; anything the spec does not
 * allow prints `<command>: <what is wrong> (<command> --help lists the options)` and exits 2.
 * With `{ exit: false }` it throws a {@link CommandLineExit} instead of exiting.
 */
export function commandLine<O extends Record<string, OptionSpec>>(
  spec: CommandSpec<O>,
  argv: readonly string[] = process.argv.slice(2),
  { exit = true }: { exit?: boolean } = {},
): Parsed<O> {
  // Lambda runs nodejs22.x; the project's commands run on Node 20 too, which the pinned AWS SDK
  // supports and only warns about, on stderr, in the middle of a command's own output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const leave = (code: 0 | 2, text: string): never => {
    if (!exit) throw new CommandLineExit(code, text);
    writeSync(code === 0 ? 1 : 2, text.endsWith('\n') ? text : `${text}\n`);
    process.exit(code);
  };
  const refuse = (what: string) => leave(2, `${spec.command.replace(/ --$/, '')}: ${what} (${spec.command} --help lists the options)`);
  const args = spec.args ?? [];
  const config = Object.fromEntries(
    Object.entries({ ...spec.options, help: HELP }).map(([name, o]) => [
      name,
      { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) },
    ]),
  );
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: config, strict: true, allowPositionals: args.length > 0 });
  } catch (error) {
    return refuse(shortMessage(error as Error));
  }
  if (parsed.values.help) return leave(0, usage(spec));
  if (parsed.positionals.length > args.length) return refuse(`unexpected argument '${parsed.positionals[args.length]}'`);
  const missing = args.slice(parsed.positionals.length).find((a) => a.required);
  if (missing) return refuse(`missing <${missing.name}>`);
  const { help: _, ...values } = parsed.values;
  return { values: values as Values<O>, args: parsed.positionals };
}
