// A batch or return job: one partition holding its header (`HEADER`), its items (`ITEM#00042`,
// batch-item.ts) and the tally of each chunk a worker finished (`CHUNK#0004`, batch-chunk.ts).
// `CHUNK#…` sorts before `HEADER` and `ITEM#…` after it, so one Query reads the header and the
// tallies without the items. The header is listed newest first, each kind in a list of its own
// (docs/architecture.md, "Batches and return jobs").
import * as v from 'valibot';
import type { TenantPrincipal } from '../../../core/access/authorize';
import type { Tenant } from '../../../core/access/records';
import type { BatchHeader, BatchKind } from '../../../core/batches/batch';
import { maybe, parseItem } from '../item-schema';
import { type ItemKey, tenantScope } from './keys';
import { listed } from './list-index';

/** Items and tallies outlive any retention their header can reach (deadline + 30 days), then expire. */
const ROWS_TTL_DAYS = 31;

const epoch = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

const HEADER = 'HEADER';

/** What keys and expires a batch's rows. */
export type BatchOf = Pick<BatchHeader, 'tenant' | 'id' | 'deadline_at'>;

const HeaderItem = v.object({
  kind: v.picklist(['batch', 'return_job']),
  id: v.string(),
  status: v.picklist(['pending', 'completed', 'failed']),
  item_count: v.number(),
  chunk_count: v.number(),
  succeeded_count: v.number(),
  failed_count: v.number(),
  created_at: v.string(),
  completed_at: maybe(v.string()),
  expires_at: maybe(v.string()),
  deadline_at: v.string(),
  principal: v.string(),
  request_hash: maybe(v.string()),
});

export const batchEntity = {
  /** The partition of a batch: its header, items and tallies. */
  partition: (t: Tenant, id: string): string => `BATCH#${tenantScope(t)}#${id}`,

  /** The header's sort key; tallies sort before it, items after. */
  headerSk: HEADER,

  key: (t: Tenant, id: string): ItemKey => ({ PK: batchEntity.partition(t, id), SK: HEADER }),

  /** Each kind is listed on its own (newest first). */
  list: (kind: BatchKind, t: Tenant): string => `${kind === 'batch' ? 'BATCHES' : 'RETURNJOBS'}#${tenantScope(t)}`,

  /** When a batch's items and tallies expire (epoch seconds). */
  rowsTtl: (batch: BatchOf): number => epoch(batch.deadline_at) + ROWS_TTL_DAYS * 86_400,

  /** The header item; it expires with its retention, or with its rows while it has none yet. */
  item(batch: BatchHeader): Record<string, unknown> {
    const ttlAt = batch.expires_at ?? new Date(Date.parse(batch.deadline_at) + ROWS_TTL_DAYS * 86_400_000).toISOString();
    return {
      ...batchEntity.key(batch.tenant, batch.id),
      ...listed(batchEntity.list(batch.kind, batch.tenant), batch.created_at, batch.id),
      entity: 'batch',
      kind: batch.kind,
      id: batch.id,
      status: batch.status,
      item_count: batch.item_count,
      chunk_count: batch.chunk_count,
      succeeded_count: batch.succeeded_count,
      failed_count: batch.failed_count,
      created_at: batch.created_at,
      completed_at: batch.completed_at,
      expires_at: batch.expires_at,
      deadline_at: batch.deadline_at,
      principal: JSON.stringify(batch.principal),
      ...(batch.request_hash === null ? {} : { request_hash: batch.request_hash }),
      ttl: epoch(ttlAt),
    };
  },

  read(tenant: Tenant, item: unknown): BatchHeader {
    const h = parseItem(HeaderItem, item, 'batch');
    return {
      ...h,
      tenant,
      completed_at: h.completed_at ?? null,
      expires_at: h.expires_at ?? null,
      principal: JSON.parse(h.principal) as TenantPrincipal,
      request_hash: h.request_hash ?? null,
    };
  },
};
