// The table's list index: the main table's one global secondary index (MAIN_TABLE in
// functions/manifest/resources.ts, where its name and key attributes are spelled). A listed item
// carries the index keys `<list partition>` and `<created_at>#<id>`, so a list reads newest first.
import { MAIN_TABLE } from '../../../manifest/resources';

const index = MAIN_TABLE.globalIndexes[0]!;

/** The index's name (a Query's IndexName). */
export const LIST_INDEX: string = index.name;
/** The attribute holding an item's list partition. */
export const LIST_PK: string = index.partitionKey;
/** The attribute holding an item's place in its list (`<created_at>#<id>`). */
export const LIST_SK: string = index.sortKey;

/** The index keys of an item listed under `partition`, in creation order. */
export const listed = (partition: string, createdAt: string, id: string): Record<string, string> => ({
  [LIST_PK]: partition,
  [LIST_SK]: `${createdAt}#${id}`,
});

/** The attributes of an item's position in a list: its table and index keys. */
export const LIST_POSITION: readonly string[] = ['PK', 'SK', LIST_PK, LIST_SK];
