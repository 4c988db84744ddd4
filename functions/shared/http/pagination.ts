// List cursors (contract §1.6): the DynamoDB position, opaque to clients. A cursor only resumes a
// list of the same partition it came from; anything else is a validation error on query.cursor.
import { fieldError } from '../../core/errors';

export type Position = Record<string, unknown>;

export const encodeCursor = (position: Position | undefined): string | null =>
  position ? Buffer.from(JSON.stringify(position), 'utf8').toString('base64url') : null;

export function decodeCursor(cursor: string | undefined, expected: Partial<Record<string, string>>): Position | undefined {
  if (cursor === undefined) return undefined;
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    position = undefined;
  }
  const valid =
    position !== null &&
    typeof position === 'object' &&
    Object.values(position).every((value) => typeof value === 'string' || typeof value === 'number') &&
    Object.entries(expected).every(([attr, value]) => (position as Position)[attr] === value);
  if (!valid) throw fieldError('string_pattern_mismatch', 'query.cursor', 'Is not a cursor returned by this list.');
  return position as Position;
}

export const page = <T>(data: readonly T[], next: Position | undefined) => ({ data, next_cursor: encodeCursor(next) });

/**
 * Pages a small list that is read whole (locations, engagements). The cursor names the last item
 * shown; the list resumes after it.
 */
export function pageInMemory<T>(ordered: readonly T[], idOf: (item: T) => string, query: { limit: number; cursor?: string | undefined }) {
  let start = 0;
  if (query.cursor !== undefined) {
    const after = String(decodeCursor(query.cursor, {})?.after ?? '');
    start = ordered.findIndex((item) => idOf(item) === after) + 1;
  }
  const data = ordered.slice(start, start + query.limit);
  const last = data.at(-1);
  const more = start + query.limit < ordered.length && last !== undefined;
  return page(data, more ? { after: idOf(last) } : undefined);
}
