// The one refusal of every reader of a publisher's file (scripts/lib/*-rates.ts, *-boundaries.ts and
// the others the refresh uses): the file, the 1-based line (or feature) and the field that could not
// be read, so a self-hoster can open the file at that place. Line 0 is the file as a whole (its name,
// its header, no rows).
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
