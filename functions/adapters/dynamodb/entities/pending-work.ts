// An entry of the pending-work registry: one item per unfinished piece of work in a handful of
// `PENDING#<shard>` partitions known in advance, so the sweeper Queries them instead of scanning
// the table; `SK = <kind>#<account>#<environment>#<id>`. The writes that accept and finish work put
// and delete the entry inside their own TransactWriteItems.
import * as v from 'valibot';
import { type PendingWork, pendingWorkShard } from '../../../core/work/pending-work';
import { parseItem } from '../item-schema';
import type { ItemKey } from './keys';

type WorkRef = Pick<PendingWork, 'kind' | 'tenant' | 'id'>;

const Entry = v.object({
  kind: v.picklist(['batch', 'webhook_deliveries', 'nexus_test']),
  account_id: v.string(),
  environment: v.picklist(['sandbox', 'production']),
  id: v.string(),
  since: v.string(),
});

export const pendingWorkEntity = {
  partition: (shard: number): string => `PENDING#${shard}`,

  key: (w: WorkRef): ItemKey => ({
    PK: pendingWorkEntity.partition(pendingWorkShard(w.id)),
    SK: `${w.kind}#${w.tenant.accountId}#${w.tenant.environment}#${w.id}`,
  }),

  /** The Put registering work, for the transaction that accepts it. */
  put: (table: string, work: PendingWork, ttl?: number) => ({
    Put: {
      TableName: table,
      Item: {
        ...pendingWorkEntity.key(work),
        entity: 'pending_work',
        kind: work.kind,
        account_id: work.tenant.accountId,
        environment: work.tenant.environment,
        id: work.id,
        since: work.since,
        // Work that outlives its own records (expired batches) leaves no entry behind for ever.
        ttl,
      },
    },
  }),

  /** The Delete unregistering work, for the transaction that finishes it. */
  delete: (table: string, work: WorkRef) => ({ Delete: { TableName: table, Key: pendingWorkEntity.key(work) } }),

  read(item: unknown): PendingWork {
    const e = parseItem(Entry, item, 'pending work');
    return { kind: e.kind, tenant: { accountId: e.account_id, environment: e.environment }, id: e.id, since: e.since };
  },
};
