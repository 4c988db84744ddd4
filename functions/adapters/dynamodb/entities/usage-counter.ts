// A usage counter, in the usage table: one item per account, environment, key, UTC day and slot
// (PK `USAGE#<account>`, SK `<day>#<environment>#<key>#<slot>`), one numeric attribute per billable
// kind, increased with ADD (which creates it at zero), so a counter never needs a read first
// (docs/usage-and-monitoring.md).
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { DOCUMENT_SLOTS, USAGE_KINDS, type UsageCharge, type UsageKind, type UsageRow } from '../../../core/usage/usage';
import { parseItem } from '../item-schema';
import type { ItemKey } from './keys';

const PARTITION_PREFIX = 'USAGE#';

const Stored = v.looseObject({ PK: v.pipe(v.string(), v.startsWith(PARTITION_PREFIX)), SK: v.string() });

/** Charges to one item (same owner, day and slot) become one ADD of every kind's units. */
function addExpression(charges: readonly UsageCharge[]): {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
} {
  const units = new Map<UsageKind, number>();
  for (const c of charges) units.set(c.kind, (units.get(c.kind) ?? 0) + c.units);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds = [...units].map(([kind, n], i) => {
    names[`#k${i}`] = kind;
    values[`:k${i}`] = n;
    return `#k${i} :k${i}`;
  });
  return { UpdateExpression: `ADD ${adds.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

const sameItem = (a: UsageCharge, b: UsageCharge): boolean =>
  a.owner.accountId === b.owner.accountId && a.owner.environment === b.owner.environment && a.owner.keyId === b.owner.keyId && a.day === b.day;

/** Groups charges by the item they land on (a transaction may touch an item once). */
function byItem(charges: readonly UsageCharge[]): UsageCharge[][] {
  const groups: UsageCharge[][] = [];
  for (const c of charges) {
    if (c.units <= 0) continue;
    const group = groups.find((g) => sameItem(g[0]!, c));
    if (group) group.push(c);
    else groups.push([c]);
  }
  return groups;
}

export const usageCounterEntity = {
  /** An account's partition: its counters of every key, day and slot. */
  partition: (accountId: string): string => `${PARTITION_PREFIX}${accountId}`,

  key: (c: UsageCharge, slot: string): ItemKey => ({
    PK: usageCounterEntity.partition(c.owner.accountId),
    SK: `${c.day}#${c.owner.environment}#${c.owner.keyId}#${slot}`,
  }),

  /** The sort-key range of the days `from` to `to` (inclusive), every environment, key and slot. */
  days: (from: string, to: string) => ({ from: `${from}#`, to: `${to}#~` }),

  /** The document slot of a code (or any string that spreads writes: a batch chunk). */
  slotOf: (spread: string): string => String(createHash('sha256').update(spread).digest().readUInt32BE(0) % DOCUMENT_SLOTS),

  /** The Update items that add `charges` inside a TransactWriteItems, in `slot`: one per owner and day. */
  updates: (table: string, charges: readonly UsageCharge[], slot: string) =>
    byItem(charges).map((group) => ({ Update: { TableName: table, Key: usageCounterEntity.key(group[0]!, slot), ...addExpression(group) } })),

  read(item: Record<string, unknown>): UsageRow {
    const { PK, SK } = parseItem(Stored, item, 'usage counter');
    const [day, environment, ...rest] = SK.split('#');
    rest.pop(); // the slot
    if (!day || (environment !== 'sandbox' && environment !== 'production') || rest.length === 0)
      throw new Error(`stored usage counter has a malformed sort key: ${SK}`);
    const units: Partial<Record<UsageKind, number>> = {};
    for (const kind of USAGE_KINDS) if (typeof item[kind] === 'number') units[kind] = item[kind];
    return { accountId: PK.slice(PARTITION_PREFIX.length), environment, keyId: rest.join('#'), day, units };
  },
};
