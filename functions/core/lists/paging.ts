// Lists (docs/getting-started.md, "Lists"): pages of at most `limit` items, newest first, resumed
// by an opaque cursor. A cursor is base64url JSON of a position only the list that issued it
// understands; each list checks the position it decodes, so an altered or foreign cursor is a
// validation error at `query.cursor`, never a failure deeper down.
import { fieldError } from '../errors';

export interface PageRequest {
  readonly limit: number;
  readonly cursor?: string | undefined;
}

export interface Page<T> {
  readonly data: readonly T[];
  readonly next_cursor: string | null;
}

export const invalidCursor = () => fieldError('string_pattern_mismatch', 'query.cursor', 'Is not a cursor returned by this list.');

export const encodeCursor = (position: object | undefined): string | null =>
  position ? Buffer.from(JSON.stringify(position), 'utf8').toString('base64url') : null;

/**
 * The position inside a cursor, accepted only when `accept` recognizes it (the issuing list's own
 * shape, checked exactly: no attribute added, removed or of another type).
 */
export function decodeCursor<P>(cursor: string | undefined, accept: (position: unknown) => position is P): P | undefined {
  if (cursor === undefined) return undefined;
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!accept(position)) throw invalidCursor();
  return position;
}

const isAfter = (position: unknown): position is { after: string } =>
  typeof position === 'object' &&
  position !== null &&
  !Array.isArray(position) &&
  Object.keys(position).length === 1 &&
  typeof (position as { after?: unknown }).after === 'string';

/**
 * Pages a small list that is read whole (locations, keys, engagements, tax codes). The cursor names
 * the last item shown; the list resumes after it.
 */
export function pageInMemory<T>(ordered: readonly T[], idOf: (item: T) => string, request: PageRequest): Page<T> {
  let start = 0;
  const after = decodeCursor(request.cursor, isAfter)?.after;
  if (after !== undefined) start = ordered.findIndex((item) => idOf(item) === after) + 1;
  const data = ordered.slice(start, start + request.limit);
  const last = data.at(-1);
  const more = start + request.limit < ordered.length && last !== undefined;
  return { data, next_cursor: encodeCursor(more ? { after: idOf(last) } : undefined) };
}

export const mapPage = <T, U>(page: Page<T>, view: (item: T) => U): Page<U> => ({ data: page.data.map(view), next_cursor: page.next_cursor });
