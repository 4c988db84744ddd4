// A nexus sales-history record (core/nexus/history.ts): one item per request in the tenant's
// partition, its entries a compact JSON array, so a request lands whole with one conditional Put.
import * as v from 'valibot';
import type { Tenant } from '../../../core/access/records';
import type { HistoryEntry, HistoryRecord } from '../../../core/nexus/history';
import { parseItem } from '../item-schema';
import { type ItemKey, tenantPartition } from './keys';

const PREFIX = 'NEXUSHIST#';

/** An entry as stored: `[state, date, cents, transactions, channel, kind]`. */
const EntryTuple = v.tuple([v.string(), v.string(), v.number(), v.number(), v.picklist(['direct', 'marketplace']), v.picklist(['retail', 'resale', 'exempt'])]);

const HistoryItem = v.object({
  id: v.string(),
  created_at: v.string(),
  entries_sha256: v.string(),
  entries: v.string(),
  location_code: v.optional(v.nullable(v.string()), null),
});

export const nexusHistoryEntity = {
  key: (t: Tenant, id: string): ItemKey => ({ PK: tenantPartition(t), SK: `${PREFIX}${id}` }),
  partition: (t: Tenant) => ({ partition: tenantPartition(t), prefix: PREFIX }),

  item(t: Tenant, r: HistoryRecord): Record<string, unknown> {
    const entries = r.entries.map((e) => [e.state, e.date, e.amount_cents, e.transactions, e.channel, e.kind]);
    return {
      ...nexusHistoryEntity.key(t, r.id),
      entity: 'nexus_sales_history',
      id: r.id,
      created_at: r.created_at,
      location_code: r.location_code,
      entries_sha256: r.entries_sha256,
      entry_count: r.entries.length,
      entries: JSON.stringify(entries),
    };
  },

  read(item: unknown): HistoryRecord {
    const r = parseItem(HistoryItem, item, 'nexus sales history');
    const tuples = v.parse(v.array(EntryTuple), JSON.parse(r.entries));
    const entries: HistoryEntry[] = tuples.map(([state, date, amount_cents, transactions, channel, kind]) => ({
      state,
      date,
      amount_cents,
      transactions,
      channel,
      kind,
    }));
    return { id: r.id, created_at: r.created_at, location_code: r.location_code, entries_sha256: r.entries_sha256, entries };
  },
};
