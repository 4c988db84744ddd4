// Items are parsed on read: an item that does not match its schema (an unknown key status, a
// missing attribute) is refused as a failure of the store, never read as some default.
import * as v from 'valibot';

export class CorruptItem extends Error {
  override readonly name = 'CorruptItem';
}

export function parseItem<S extends v.GenericSchema>(schema: S, item: unknown, what: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, item);
  if (parsed.success) return parsed.output;
  const paths = parsed.issues.slice(0, 3).map((i) => i.path?.map((p) => String(p.key)).join('.') ?? '(item)');
  throw new CorruptItem(`stored ${what} does not match its schema at ${paths.join(', ')}`);
}

/** Attributes that are absent or explicitly null in older items. */
export const maybe = <S extends v.GenericSchema>(schema: S) => v.nullish(schema);

const utf8Bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/**
 * Whether a key can exist at all: DynamoDB refuses partition keys over 2,048 bytes and sort keys
 * over 1,024. A longer identifier (from a URL path) names nothing, so it is not found, without a
 * request that DynamoDB would reject.
 */
export const keyFits = (key: { readonly PK: string; readonly SK: string }): boolean => utf8Bytes(key.PK) <= 2048 && utf8Bytes(key.SK) <= 1024;
