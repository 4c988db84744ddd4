// The code samples of the guides (README.md, docs/**/*.md, every folder's README.md) as tests see
// them. Every fenced block says what it is in its info string, and test/integration/doc-samples.test.ts
// holds each kind to it (docs/contributing.md, "Code samples in the guides"):
//   ```sh start                 starts a runner as the line says (`[VAR=value …] npm start`); the
//                               blocks after it run against it. An `output` block may follow.
//   ```sh run [exit=N]          run by bash (set -eo pipefail) in a scratch copy of the project; exit 0
//   ```ts run [exit=N]          unless told; run by tsx. An `output` block may follow: what it prints.
//   ```text output, ```json output   the output of the block before: text lines (`…` stands for
//                               anything within a line, a line of `…` for any lines), or JSON
//                               (`"…"` any value; a `"…": "…"` member allows other members; a last
//                               array element `"…"` allows more elements; `…` inside a string).
//   ```json file=<name>         a file the reader saves; written into the scratch copy.
//   ```sh check                 commands the test does not run (they need an AWS account, or change
//                               the project's files): each must be a known command using only the
//                               options its --help lists.
//   ```text paths               a layout: the first word of every line is a path that must exist.
//   ```text diagram             a drawing: every project path named in it (functions/…, lib/…) must
//                               exist; `<name>` stands for any name from there on.
// A block without one of these is an error: a sample nobody runs drifts.

export interface Block {
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly lang: string;
  readonly tags: readonly string[];
  readonly attrs: Readonly<Record<string, string>>;
  readonly text: string;
}

export type Sample =
  | { readonly kind: 'start' | 'run'; readonly block: Block; readonly output?: Block }
  | { readonly kind: 'check' | 'file' | 'paths' | 'diagram'; readonly block: Block };

export function parseBlocks(markdown: string, file: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^( {0,3})(`{3,}|~{3,})\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const fence = open[2]!;
    // Inside a list item the fence is indented; its lines are read without that indentation.
    const indent = new RegExp(`^ {0,${open[1]!.length}}`);
    const words = open[3]!.trim().split(/\s+/).filter(Boolean);
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(lines[j]!);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length) break;
      body.push(lines[j]!.replace(indent, ''));
    }
    const attrs: Record<string, string> = {};
    const tags: string[] = [];
    for (const w of words.slice(1)) {
      const eq = w.indexOf('=');
      if (eq > 0) attrs[w.slice(0, eq)] = w.slice(eq + 1);
      else tags.push(w);
    }
    blocks.push({ file, line: i + 1, lang: words[0] ?? '', tags, attrs, text: body.join('\n') });
    i = j;
  }
  return blocks;
}

const where = (b: Block) => `${b.file}:${b.line}`;

/** The blocks as samples: each run or start block with the output block that follows it. Throws on a block of no known kind. */
export function samplesOf(blocks: readonly Block[]): Sample[] {
  const samples: Sample[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const kind = b.tags[0];
    if (b.tags.length > 1) throw new Error(`${where(b)}: one kind per block (${b.tags.join(' ')})`);
    if ((kind === 'run' && (b.lang === 'sh' || b.lang === 'ts')) || (kind === 'start' && b.lang === 'sh')) {
      const next = blocks[i + 1];
      if (next?.tags[0] === 'output') {
        samples.push({ kind, block: b, output: next });
        i++;
      } else samples.push({ kind, block: b });
    } else if (kind === 'output') throw new Error(`${where(b)}: an output block follows a run or start block`);
    else if (kind === 'check' && b.lang === 'sh') samples.push({ kind, block: b });
    else if ((kind === 'paths' || kind === 'diagram') && b.lang === 'text') samples.push({ kind, block: b });
    else if (kind === undefined && b.attrs.file && b.lang === 'json') samples.push({ kind: 'file', block: b });
    else
      throw new Error(
        `${where(b)}: \`\`\`${[b.lang, ...b.tags].join(' ')} is not a sample the tests know: use sh run, ts run, sh start, sh check, json file=<name>, text paths, text diagram, or an output block after a run (docs/contributing.md, "Code samples in the guides")`,
      );
  }
  return samples;
}

const TOP_FOLDERS = ['bin', 'cli', 'client', 'console', 'content', 'data', 'docs', 'examples', 'functions', 'lib', 'scripts', 'test'];

/** The project paths a diagram names: words under a top-level folder, each cut at its first `<placeholder>`. */
export function diagramPaths(text: string): string[] {
  const words = text.match(/[\w.<>*-]+(\/[\w.<>*-]*)+/g) ?? [];
  return words.filter((w) => TOP_FOLDERS.includes(w.split('/')[0]!)).map((w) => w.replace(/<.*$/, '').replace(/[.,]+$/, ''));
}

const ELLIPSIS = '…';
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pattern = (s: string) => new RegExp(`^${s.split(ELLIPSIS).map(escaped).join('.*')}$`, 's');
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are what is stripped
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '').replace(/[ \t\r]+$/gm, '');

/** null when `actual` prints what `expected` shows (see the header), else what differs. */
export function matchText(expected: string, actual: string): string | null {
  const want = plain(expected).split('\n');
  const got = plain(actual).replace(/\n+$/, '').split('\n');
  const memo = new Map<string, boolean>();
  const fits = (w: number, g: number): boolean => {
    const key = `${w},${g}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (w === want.length) result = g === got.length;
    else if (want[w]!.trim() === ELLIPSIS) result = fits(w + 1, g) || (g < got.length && fits(w, g + 1));
    else result = g < got.length && pattern(want[w]!).test(got[g]!) && fits(w + 1, g + 1);
    memo.set(key, result);
    return result;
  };
  if (fits(0, 0)) return null;
  // The first shown line that no printed line matches, for the message.
  const missing = want.find((l) => l.trim() !== ELLIPSIS && !got.some((g) => pattern(l).test(g)));
  return `printed:\n${got.join('\n')}\n--- which does not fit what the guide shows${missing ? ` (no line fits ${JSON.stringify(missing)})` : ''}:\n${want.join('\n')}`;
}

/** null when `actual` is what `expected` shows (see the header), else the first path that differs. */
export function matchJson(expected: unknown, actual: unknown, path = '$'): string | null {
  if (expected === ELLIPSIS) return null;
  if (typeof expected === 'string' && expected.includes(ELLIPSIS))
    return typeof actual === 'string' && pattern(expected).test(actual) ? null : `${path}: ${JSON.stringify(actual)} does not fit ${JSON.stringify(expected)}`;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${JSON.stringify(actual)}`;
    const open = expected.at(-1) === ELLIPSIS;
    const shown = open ? expected.slice(0, -1) : expected;
    if (open ? actual.length < shown.length : actual.length !== shown.length)
      return `${path}: ${actual.length} elements, the guide shows ${shown.length}${open ? ' or more' : ''}`;
    for (let i = 0; i < shown.length; i++) {
      const d = matchJson(shown[i], actual[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return `${path}: expected an object, got ${JSON.stringify(actual)}`;
    const shown = Object.entries(expected).filter(([k]) => k !== ELLIPSIS);
    for (const [k, v] of shown) {
      if (!(k in actual)) return `${path}.${k}: missing`;
      const d = matchJson(v, (actual as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
    if (!(ELLIPSIS in expected)) {
      const extra = Object.keys(actual).filter((k) => !(k in expected));
      if (extra.length > 0) return `${path}: members the guide does not show: ${extra.join(', ')} (add "…": "…" to allow them)`;
    }
    return null;
  }
  return Object.is(expected, actual) ? null : `${path}: ${JSON.stringify(actual)}, the guide shows ${JSON.stringify(expected)}`;
}

/** Shell words of one command line (quotes and backslashes as sh reads them; `#` starts a comment). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i]!;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < line.length) word = (word ?? '') + line[++i]!;
    else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === '#' && word === null) break;
    else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  return words;
}

/** The commands of a shell block: lines joined at trailing backslashes, split at && || ; |, leading VAR=value dropped. */
export function commandsOf(text: string): string[][] {
  const logical = text.replace(/\\\n/g, ' ').split('\n');
  const commands: string[][] = [];
  for (const line of logical) {
    let current: string[] = [];
    for (const w of shellWords(line)) {
      if (['&&', '||', ';', '|'].includes(w)) {
        if (current.length) commands.push(current);
        current = [];
      } else if (current.length === 0 && /^[A-Z_][A-Z0-9_]*=/.test(w)) continue;
      else current.push(w);
    }
    if (current.length) commands.push(current);
  }
  return commands;
}

/** The options a command line uses (`--name`, `-c`), values and positional arguments left out. */
export const optionsOf = (words: readonly string[]): string[] => words.filter((w) => /^--?[A-Za-z]/.test(w)).map((w) => w.split('=')[0]!);
