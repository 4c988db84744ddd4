// One page of a list (at most `limit` items and the cursor of the next, docs/architecture.md "List
// cursors") from a Query whose filter runs after DynamoDB reads: keeps reading until the page is
// full or the index ends, and resumes after the last item returned.
import { BatchGetCommand, type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { PageRequest } from '../../core/lists/paging';
import { listCursor, listPosition } from './cursor';
import { LIST_INDEX, LIST_PK, LIST_POSITION } from './entities/list-index';

type Item = Record<string, unknown>;
export type Position = Record<string, unknown>;

export interface PageQuery {
  readonly input: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey'>;
  /** Attributes that make up an item's position in the index (table and index keys). */
  readonly keyAttributes: readonly string[];
}

export async function queryPage(
  db: DynamoDBDocumentClient,
  query: PageQuery,
  limit: number,
  cursor: Position | undefined,
): Promise<{ items: Item[]; next: Position | undefined }> {
  const items: Item[] = [];
  let start = cursor;
  let last: Position | undefined;
  do {
    const out = await db.send(new QueryCommand({ ...query.input, Limit: Math.max(limit - items.length, 10), ExclusiveStartKey: start }));
    for (const item of out.Items ?? []) {
      if (items.length === limit) return { items, next: last };
      items.push(item);
      last = Object.fromEntries(query.keyAttributes.map((a) => [a, item[a]]));
    }
    start = out.LastEvaluatedKey;
  } while (start && items.length < limit);
  return { items, next: start ? last : undefined };
}

type Condition = readonly [attribute: string, op: '=' | '>=' | '<=', value: unknown];

/**
 * A page of a tenant list kept in the list index (newest first), with filters on item attributes;
 * with `project`, only those attributes (and the keys) are read back. The cursor is checked here:
 * only one this list issued is accepted.
 */
export async function listPage(
  db: DynamoDBDocumentClient,
  table: string,
  partition: string,
  conditions: readonly Condition[],
  page: PageRequest,
  project?: readonly string[],
): Promise<{ items: Item[]; next_cursor: string | null }> {
  const cursor = listPosition(page.cursor, partition);
  const { filterValues, ExpressionAttributeNames, ...filter } = filterExpression(conditions);
  const projected = project ? [...LIST_POSITION, ...project] : [];
  const names: Record<string, string> = { ...ExpressionAttributeNames, ...Object.fromEntries(projected.map((a, i) => [`#p${i}`, a])) };
  const { items, next } = await queryPage(
    db,
    {
      input: {
        TableName: table,
        IndexName: LIST_INDEX,
        KeyConditionExpression: `${LIST_PK} = :pk`,
        ...filter,
        ...(projected.length > 0 ? { ProjectionExpression: projected.map((_a, i) => `#p${i}`).join(', ') } : {}),
        ExpressionAttributeNames: Object.keys(names).length > 0 ? names : undefined,
        ExpressionAttributeValues: { ':pk': partition, ...filterValues },
        ScanIndexForward: false,
      },
      keyAttributes: LIST_POSITION,
    },
    page.limit,
    cursor ? { ...cursor } : undefined,
  );
  return { items, next_cursor: listCursor(next) };
}

/** Every item a Query matches, page after page (small collections only). */
export async function queryEvery(db: DynamoDBDocumentClient, input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  let start: Position | undefined;
  do {
    const out = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Every item of a partition (whose sort key starts with `prefix`, if given) (small collections: keys,
 * configuration), read consistently so a change this process just wrote is seen.
 */
export function queryAll(db: DynamoDBDocumentClient, table: string, partition: string, prefix?: string): Promise<Item[]> {
  return queryEvery(db, {
    TableName: table,
    KeyConditionExpression: prefix ? 'PK = :pk AND begins_with(SK, :sk)' : 'PK = :pk',
    ExpressionAttributeValues: prefix ? { ':pk': partition, ':sk': prefix } : { ':pk': partition },
    ConsistentRead: true,
  });
}

/** Filter clauses for equality and range conditions on plain attributes. */
function filterExpression(conditions: readonly Condition[]) {
  const present = conditions.filter(([, , value]) => value !== undefined && value !== null);
  if (present.length === 0) return {};
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const clauses = present.map(([attribute, op, value], i) => {
    names[`#f${i}`] = attribute;
    values[`:f${i}`] = value;
    return `#f${i} ${op} :f${i}`;
  });
  return { FilterExpression: clauses.join(' AND '), ExpressionAttributeNames: names, filterValues: values };
}

/**
 * The items that exist among `keys`, consistently read: 100 keys per BatchGetItem, the calls in
 * parallel, unprocessed keys (throttled) sent again after a growing pause.
 */
export async function batchGetAll(db: DynamoDBDocumentClient, table: string, keys: readonly Record<string, unknown>[]): Promise<Item[]> {
  return (await batchGetAcross(db, [{ table, keys }])).get(table) ?? [];
}

/**
 * As batchGetAll, with keys in several tables: one BatchGetItem may name several tables, so keys
 * of two tables cost no more calls than one table's. The items found, by table.
 */
export async function batchGetAcross(
  db: DynamoDBDocumentClient,
  wanted: readonly { readonly table: string; readonly keys: readonly Record<string, unknown>[] }[],
): Promise<Map<string, Item[]>> {
  const all = wanted.flatMap(({ table, keys }) => keys.map((key) => ({ table, key })));
  const groups = Array.from({ length: Math.ceil(all.length / 100) }, (_, g) => all.slice(g * 100, g * 100 + 100));
  const found = new Map<string, Item[]>(wanted.map(({ table }) => [table, []]));
  await Promise.all(
    groups.map(async (group) => {
      type Request = Record<string, { Keys: Record<string, unknown>[]; ConsistentRead: boolean }>;
      let request: Request | undefined = {};
      for (const { table, key } of group) (request[table] ??= { Keys: [], ConsistentRead: true }).Keys.push(key);
      for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
        const out = await db.send(new BatchGetCommand({ RequestItems: request }));
        for (const [table, items] of Object.entries(out.Responses ?? {})) found.get(table)?.push(...(items as Item[]));
        request = out.UnprocessedKeys as Request | undefined;
      }
    }),
  );
  return found;
}
