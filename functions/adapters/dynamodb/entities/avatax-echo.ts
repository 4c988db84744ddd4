// The AvaTax surface's echo of a document (core/avatax/records.ts): an item beside the document's
// own, in the document's partition under the sort key `AVATAX`, so one Query reads both and the
// document's write puts both. It is never listed; what a list filters on of it (the AvaTax code,
// type, customer and reference codes) is kept as attributes of their own, read without decoding it.
import { gunzipSync, gzipSync } from 'node:zlib';
import * as v from 'valibot';
import type { Tenant } from '../../../core/access/records';
import type { EchoFacts } from '../../../core/avatax/ports';
import type { AvataxEcho } from '../../../core/avatax/records';
import { maybe, parseItem } from '../item-schema';
import type { ItemKey } from './keys';
import { transactionEntity } from './transaction';

/** As for documents: larger echoes are stored gzipped. */
const COMPRESS_ABOVE = 1024;

const EchoItem = v.object({
  echo: v.optional(v.string()),
  echoz: v.optional(v.instance(Uint8Array)),
});

const FactsItem = v.object({
  PK: v.string(),
  avatax_code: v.string(),
  avatax_type: v.string(),
  customer_code: maybe(v.string()),
  reference_code: maybe(v.string()),
  purchase_order_no: maybe(v.string()),
  date: v.string(),
});

/** The shape of a stored echo the views rely on. */
const EchoRecord = v.object({
  code: v.string(),
  companyCode: v.string(),
  type: v.string(),
  request: v.object({ lines: v.array(v.object({ lineNumber: v.string() })) }),
  numbers: v.array(v.string()),
});

export const SORT_KEY = 'AVATAX';

export const avataxEchoEntity = {
  key: (t: Tenant, documentCode: string): ItemKey => ({ PK: transactionEntity.key(t, documentCode).PK, SK: SORT_KEY }),

  /** Whether an item of a document's partition is its echo. */
  isEcho: (item: Record<string, unknown>): boolean => item.SK === SORT_KEY,

  item(t: Tenant, documentCode: string, echo: AvataxEcho): Record<string, unknown> {
    const json = JSON.stringify(echo);
    return {
      ...avataxEchoEntity.key(t, documentCode),
      entity: 'avatax_echo',
      avatax_code: echo.code,
      avatax_type: echo.type,
      customer_code: echo.request.customerCode ?? undefined,
      reference_code: echo.request.referenceCode ?? undefined,
      purchase_order_no: echo.request.purchaseOrderNo ?? undefined,
      date: echo.request.date,
      ...(json.length > COMPRESS_ABOVE ? { echoz: gzipSync(json) } : { echo: json }),
    };
  },

  /** The Put of a new document's echo (the document's own condition guards the pair). */
  put: (table: string, t: Tenant, documentCode: string, echo: AvataxEcho) => ({
    Put: { TableName: table, Item: avataxEchoEntity.item(t, documentCode, echo) },
  }),

  read(item: unknown): AvataxEcho {
    const { echo, echoz } = parseItem(EchoItem, item, 'avatax echo');
    const json = echoz ? gunzipSync(echoz).toString('utf8') : echo;
    if (json === undefined) throw new Error('stored avatax echo has no body');
    const parsed: unknown = JSON.parse(json);
    parseItem(EchoRecord, parsed, 'avatax echo body');
    return parsed as AvataxEcho;
  },

  readFacts(item: unknown): EchoFacts {
    const f = parseItem(FactsItem, item, 'avatax echo facts');
    return {
      code: f.avatax_code,
      type: f.avatax_type as EchoFacts['type'],
      customerCode: f.customer_code ?? null,
      referenceCode: f.reference_code ?? null,
      purchaseOrderNo: f.purchase_order_no ?? null,
      date: f.date,
    };
  },
};
