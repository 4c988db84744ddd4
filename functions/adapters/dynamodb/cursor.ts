// Cursors of lists kept in GSI1: the position is the last item's table and index keys. A cursor is
// accepted only with exactly those four string attributes and the list's own partition, so an
// altered cursor is a validation error rather than a request DynamoDB refuses.
import { decodeCursor, encodeCursor } from '../../core/lists/paging';

export interface Gsi1Position {
  readonly PK: string;
  readonly SK: string;
  readonly GSI1PK: string;
  readonly GSI1SK: string;
}

const ATTRIBUTES = ['GSI1PK', 'GSI1SK', 'PK', 'SK'];

export function gsi1Position(cursor: string | undefined, partition: string): Gsi1Position | undefined {
  return decodeCursor(cursor, (p): p is Gsi1Position => {
    if (typeof p !== 'object' || p === null || Array.isArray(p)) return false;
    const entries = Object.entries(p);
    return (
      entries.length === ATTRIBUTES.length &&
      entries.every(([name, value]) => ATTRIBUTES.includes(name) && typeof value === 'string' && value.length > 0 && value.length <= 2048) &&
      (p as Gsi1Position).GSI1PK === partition
    );
  });
}

export const gsi1Cursor = (position: Record<string, unknown> | undefined): string | null =>
  encodeCursor(position ? { PK: position.PK, SK: position.SK, GSI1PK: position.GSI1PK, GSI1SK: position.GSI1SK } : undefined);
