// The one refusal of every reader of a publisher's file (scripts/content/readers/): the file, the
// 1-based line (or feature) and the field that could not be read, so a self-hoster can open the file
// at that place. Line 0 is the file as a whole (its name, its header, no rows).
import { parseCsv } from './csv';

export class FormatError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly field: string,
    detail: string,
  ) {
    super(`${file}:${line}: ${field}: ${detail}`);
  }
}

/** The last part of a path: the publisher's file name, which is what messages and records name. */
export const baseName = (file: string): string => file.split(/[\\/]/).at(-1)!;

/** Text without a UTF-8 byte-order mark (several publishers start their files with one). */
export const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/**
 * The rows of a publisher's CSV with a header line, refused at line 1 when the header lacks one of
 * the columns the reader needs (columns are found by name, so a publisher may add or reorder them).
 */
export function csvWithColumns<K extends string>(text: string, file: string, columns: readonly K[]): Record<K, string>[] {
  const body = withoutBom(text);
  const header = body
    .slice(0, body.search(/\r?\n|$/))
    .split(',')
    .map((h) => h.trim());
  for (const c of columns) if (!header.includes(c)) throw new FormatError(file, 1, c, 'column missing from the header');
  return parseCsv(body, columns);
}
