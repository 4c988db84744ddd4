// A Saved AvaTax document (core/avatax/records.ts): one item per tenant, company, type and code, in
// a partition per company (a company's list reads its drafts with one Query). Not a transaction:
// no list index, no return summary. Its version guards every change; a new one may also require
// that the ledger has no document under its `nextCode` yet (a ConditionCheck in the same write).
import { gunzipSync, gzipSync } from 'node:zlib';
import * as v from 'valibot';
import type { Tenant } from '../../../core/access/records';
import type { AvataxDraft, DraftKey, StoredDraft } from '../../../core/avatax/records';
import { DRAFT_STATUSES } from '../../../core/avatax/records';
import { parseItem } from '../item-schema';
import { type ItemKey, tenantScope } from './keys';
import { transactionEntity } from './transaction';

const COMPRESS_ABOVE = 1024;

const DraftItem = v.object({
  version: v.number(),
  draft: v.optional(v.string()),
  draftz: v.optional(v.instance(Uint8Array)),
});

const DraftRecord = v.object({
  companyCode: v.string(),
  type: v.string(),
  code: v.string(),
  status: v.picklist(DRAFT_STATUSES),
  nextCode: v.string(),
  echo: v.object({ document: v.object({ lines: v.array(v.unknown()) }) }),
  taxed: v.object({ date: v.string(), lines: v.array(v.unknown()) }),
});

const PREFIX = 'DRAFT#';

export const avataxDraftEntity = {
  partition: (t: Tenant, companyCode: string): string => `AVATAX#${tenantScope(t)}#${companyCode}`,

  key: (k: DraftKey): ItemKey => ({ PK: avataxDraftEntity.partition(k.tenant, k.companyCode), SK: `${PREFIX}${k.type}#${k.code}` }),

  /** The sort-key prefix of a company's drafts. */
  prefix: PREFIX,

  item(draft: AvataxDraft, version: number): Record<string, unknown> {
    // The tenant is the key's; the record keeps everything else.
    const { tenant: _tenant, ...rest } = draft;
    const json = JSON.stringify(rest);
    return {
      ...avataxDraftEntity.key(draft),
      entity: 'avatax_draft',
      version,
      ...(json.length > COMPRESS_ABOVE ? { draftz: gzipSync(json) } : { draft: json }),
    };
  },

  /**
   * The Put of a draft: new (`expectedVersion` null) or replacing the version read. A new draft
   * comes with a ConditionCheck that its next code is not a document (`nextCodeCheck`).
   */
  put: (table: string, draft: AvataxDraft, expectedVersion: number | null) => ({
    Put: {
      TableName: table,
      Item: avataxDraftEntity.item(draft, (expectedVersion ?? 0) + 1),
      ...(expectedVersion === null
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : { ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': expectedVersion } }),
    },
  }),

  /** That the ledger holds no document under the code a new draft will commit to. */
  nextCodeCheck: (table: string, draft: AvataxDraft) => ({
    ConditionCheck: { TableName: table, Key: transactionEntity.key(draft.tenant, draft.nextCode), ConditionExpression: 'attribute_not_exists(PK)' },
  }),

  delete: (table: string, key: DraftKey, expectedVersion: number) => ({
    Delete: {
      TableName: table,
      Key: avataxDraftEntity.key(key),
      ConditionExpression: 'version = :expected',
      ExpressionAttributeValues: { ':expected': expectedVersion },
    },
  }),

  read(t: Tenant, item: unknown): StoredDraft {
    const { version, draft, draftz } = parseItem(DraftItem, item, 'avatax draft');
    const json = draftz ? gunzipSync(draftz).toString('utf8') : draft;
    if (json === undefined) throw new Error('stored avatax draft has no body');
    const parsed: unknown = JSON.parse(json);
    parseItem(DraftRecord, parsed, 'avatax draft body');
    return { draft: { ...(parsed as Omit<AvataxDraft, 'tenant'>), tenant: t }, version };
  },
};
