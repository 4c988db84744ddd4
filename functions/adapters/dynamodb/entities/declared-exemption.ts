// A declared exemption's running record (core/exemptions/declared.ts): one item per tenant,
// customer and state in the tenant's partition, listed newest first by the first document that
// relied on it. Counts are ADDed in the documents' own transactions, so an update never reads first.
import * as v from 'valibot';
import type { Tenant } from '../../../core/access/records';
import type { DeclaredDelta, DeclaredGap } from '../../../core/exemptions/declared';
import { DECLARED_TYPES } from '../../../core/tax/types';
import { parseItem } from '../item-schema';
import { type ItemKey, tenantPartition, tenantScope } from './keys';
import { LIST_PK, LIST_SK } from './list-index';

/** Stands for "no customer" in keys: no customer code holds it. */
const NO_CUSTOMER = '~';

const DeclaredItem = v.object({
  customer_code: v.optional(v.string()),
  state: v.string(),
  declared_type: v.picklist(DECLARED_TYPES),
  declared_source: v.picklist(['document', 'customer']),
  documents: v.number(),
  exempt: v.number(),
  first_date: v.string(),
  last_date: v.string(),
});

export const declaredExemptionEntity = {
  key: (t: Tenant, customer: string | null, state: string): ItemKey => ({ PK: tenantPartition(t), SK: `DECLARED#${customer ?? NO_CUSTOMER}#${state}` }),

  /** The tenant's records (newest first). */
  list: (t: Tenant): string => `DECLARED#${tenantScope(t)}`,

  /** The Update of one merged delta, inside the documents' TransactWriteItems; `at` places a new record in the list. */
  update(table: string, t: Tenant, d: DeclaredDelta, at: string) {
    // A delta that takes a document back leaves the type, source and dates of the ones that stand.
    const adds = d.documents > 0;
    return {
      Update: {
        TableName: table,
        Key: declaredExemptionEntity.key(t, d.customer_code, d.state),
        UpdateExpression: [
          'SET entity = :entity',
          ...(d.customer_code === null ? [] : ['customer_code = :customer']),
          '#state = :state, #lpk = :lpk, #lsk = if_not_exists(#lsk, :lsk), first_date = if_not_exists(first_date, :date)',
          adds
            ? 'last_date = :date, declared_type = :type, declared_source = :source'
            : 'last_date = if_not_exists(last_date, :date), declared_type = if_not_exists(declared_type, :type), declared_source = if_not_exists(declared_source, :source)',
        ]
          .join(', ')
          .concat(' ADD documents :documents, exempt :exempt'),
        ExpressionAttributeNames: { '#state': 'state', '#lpk': LIST_PK, '#lsk': LIST_SK },
        ExpressionAttributeValues: {
          ':entity': 'declared_exemption',
          ...(d.customer_code === null ? {} : { ':customer': d.customer_code }),
          ':state': d.state,
          ':lpk': declaredExemptionEntity.list(t),
          ':lsk': `${at}#${d.customer_code ?? NO_CUSTOMER}#${d.state}`,
          ':date': d.date,
          ':type': d.type,
          ':source': d.source,
          ':documents': d.documents,
          ':exempt': d.exempt,
        },
      },
    };
  },

  read(item: unknown): DeclaredGap {
    const r = parseItem(DeclaredItem, item, 'declared exemption');
    return {
      customer_code: r.customer_code ?? null,
      state: r.state,
      type: r.declared_type,
      source: r.declared_source,
      documents: r.documents,
      exempt: r.exempt,
      first_date: r.first_date,
      last_date: r.last_date,
    };
  },
};
