// Cursors of lists kept in the list index (entities/list-index.ts): the position is the last
// item's table and index keys. A cursor is accepted only with exactly those four string attributes
// and the list's own partition, so an altered cursor is a validation error rather than a request
// DynamoDB refuses.
import { decodeCursor, encodeCursor } from '../../core/lists/paging';
import { LIST_PK, LIST_POSITION } from './entities/list-index';

/** An item's position in a list: its table and index keys. */
export type ListPosition = Readonly<Record<string, string>>;

export function listPosition(cursor: string | undefined, partition: string): ListPosition | undefined {
  return decodeCursor(cursor, (p): p is ListPosition => {
    if (typeof p !== 'object' || p === null || Array.isArray(p)) return false;
    const entries = Object.entries(p);
    return (
      entries.length === LIST_POSITION.length &&
      entries.every(([name, value]) => LIST_POSITION.includes(name) && typeof value === 'string' && value.length > 0 && value.length <= 2048) &&
      (p as ListPosition)[LIST_PK] === partition
    );
  });
}

export const listCursor = (position: Record<string, unknown> | undefined): string | null =>
  encodeCursor(position ? Object.fromEntries(LIST_POSITION.map((a) => [a, position[a]])) : undefined);
