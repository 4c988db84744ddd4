// A return summary: running totals per tenant, destination state, month and location, in the
// summaries table, one item per shard (`SUM#<tenant>#<state>#<period>#<location>#<shard>`); shard 0
// records in `w` (a number set) the widths the summary was spread to (summary-shards.ts).
//
// Totals are flat numeric attributes updated with ADD (which creates them at zero), so an update
// never needs to read first: `ex` (exempt cents), per kind of document `k_<kind>_{n,tx,t}`
// (documents, taxable, tax: the totals are their sums), and per jurisdiction
// `j|<type>|<rate>|<name>|tx` and `…|t` — the name and rate are in the attribute's name, so no
// other attribute describes them. Items written before this layout (`n`, `tx`, `t`, and
// jurisdictions as `j_<id>_{tx,t}` described by `jm_<id>`) are read too: their kinds carry the same
// totals, and both jurisdiction forms are summed. Collected against computed tax is `c_<field>`
// (CollectionTotals); items from before it was kept read as nothing reported. A quarter's month
// record of economic nexus (entities/month-sales.ts) is a summary of its own key whose sales are
// months of every state rather than days.
import type { Tenant } from '../../../core/access/records';
import type { Channel, SaleKind } from '../../../core/nexus/measure';
import { monthBoundKey, monthSalesKey, parseMonthSalesKey } from '../../../core/nexus/month-sales';
import { daySalesKey, parseDaySalesKey } from '../../../core/nexus/recorded';
import {
  type CollectionTotals,
  type JurisdictionTotal,
  jurisdictionKey,
  KINDS_OF_DOCUMENT,
  type SummaryKey,
  type SummaryTotals,
} from '../../../core/returns/summary';
import type { JurisdictionType } from '../../../core/tax/types';
import { type ItemKey, tenantScope } from './keys';

const JURISDICTION = 'j|';
/**
 * Day sales for economic nexus, one letter per part so that a month of them stays small (item size
 * is what every commit's write and every nexus read pays): `d<DD><channel><kind><measure>`, channel
 * `d`irect or `m`arketplace, kind `r`etail, re`s`ale or `e`xempt, measure `s` (cents) or `n`
 * (transactions): `d15drs` is the 15th's direct retail sales.
 */
const SALES_ATTRIBUTE = /^d(\d\d)([dm])([rse])([sn])$/;
const CHANNEL_LETTER: Record<Channel, string> = { direct: 'd', marketplace: 'm' };
const KIND_LETTER: Record<SaleKind, string> = { retail: 'r', resale: 's', exempt: 'e' };
const CHANNEL_OF: Record<string, Channel> = { d: 'direct', m: 'marketplace' };
const KIND_OF: Record<string, SaleKind> = { r: 'retail', s: 'resale', e: 'exempt' };
/**
 * A quarter's month totals (core/nexus/month-sales.ts), in the same letters after the state and
 * month: `<ST><MM><channel><kind><measure>` (`CA11drs` is California's November direct retail
 * sales), and the state's month bound `<ST><MM>u<measure>`.
 */
const MONTH_ATTRIBUTE = /^([A-Z]{2})(\d\d)(?:([dm])([rse])|(u))([sn])$/;

/** The attribute of a day-sales key (`DD|channel|kind`) or a month-total key, and measure. */
function salesAttribute(key: string, measure: 's' | 'n'): string {
  const parts = parseDaySalesKey(key);
  if (parts) return `d${parts.day}${CHANNEL_LETTER[parts.channel]}${KIND_LETTER[parts.kind]}${measure}`;
  const month = parseMonthSalesKey(key);
  if (!month) throw new Error(`not a day-sales or month-total key: ${key}`);
  return `${month.state}${month.mm}${month.upper ? 'u' : `${CHANNEL_LETTER[month.channel]}${KIND_LETTER[month.kind]}`}${measure}`;
}
const COLLECTION: readonly (keyof CollectionTotals)[] = ['documents', 'collected', 'reported', 'under', 'over'];

export const summaryEntity = {
  /** What names a summary across its shards: every shard's partition key is this + `#<shard>`. */
  summaryId: (t: Tenant, key: SummaryKey): string => `SUM#${tenantScope(t)}#${key.state}#${key.period}#${key.location}`,

  key: (t: Tenant, key: SummaryKey, shard: number): ItemKey => ({ PK: `${summaryEntity.summaryId(t, key)}#${shard}`, SK: 'SUM' }),

  /** The summary a shard's item belongs to (its partition key without the shard). */
  summaryOf: (item: Record<string, unknown>): string => String(item.PK).slice(0, String(item.PK).lastIndexOf('#')),

  /** The attribute of shard 0 recording the summary's widths. */
  widthAttribute: 'w',

  /** The widest width a shard 0 item records (1 without any). */
  widthOf(item: Record<string, unknown> | undefined): number {
    const recorded = item?.[summaryEntity.widthAttribute];
    return recorded instanceof Set ? Math.max(1, ...[...recorded].map(Number)) : 1;
  },

  /** The attribute increments (ADD) of one summary's totals. */
  increments(t: SummaryTotals): Map<string, number> {
    const adds = new Map<string, number>();
    const add = (name: string, value: number) => {
      if (value !== 0) adds.set(name, (adds.get(name) ?? 0) + value);
    };
    add('ex', t.exempt);
    for (const kind of KINDS_OF_DOCUMENT) {
      add(`k_${kind}_n`, t.byKind[kind].documents);
      add(`k_${kind}_tx`, t.byKind[kind].taxable);
      add(`k_${kind}_t`, t.byKind[kind].tax);
    }
    for (const j of t.jurisdictions.values()) {
      const name = `${JURISDICTION}${j.type}|${j.rate}|${j.name}`;
      add(`${name}|tx`, j.taxable);
      add(`${name}|t`, j.tax);
    }
    for (const field of COLLECTION) add(`c_${field}`, t.collection[field]);
    for (const [key, d] of t.sales) {
      add(salesAttribute(key, 's'), d.cents);
      add(salesAttribute(key, 'n'), d.transactions);
    }
    return adds;
  },

  /** The totals one shard's item holds, in either layout. */
  totals(item: Record<string, unknown>): SummaryTotals {
    const num = (name: string) => (typeof item[name] === 'number' ? (item[name] as number) : 0);
    const jurisdictions = new Map<string, JurisdictionTotal>();
    const addJurisdiction = (meta: Pick<JurisdictionTotal, 'type' | 'name' | 'rate'>, taxable: number, tax: number) => {
      const key = jurisdictionKey(meta);
      const into = jurisdictions.get(key);
      jurisdictions.set(key, { ...meta, taxable: (into?.taxable ?? 0) + taxable, tax: (into?.tax ?? 0) + tax });
    };
    const sales = new Map<string, { cents: number; transactions: number }>();
    for (const [name, value] of Object.entries(item)) {
      const day = typeof value === 'number' ? SALES_ATTRIBUTE.exec(name) : null;
      const month = typeof value === 'number' && !day ? MONTH_ATTRIBUTE.exec(name) : null;
      if (month) {
        const at = `0000-${month[2]!}`;
        const key = month[5] ? monthBoundKey(month[1]!, at) : monthSalesKey(month[1]!, at, CHANNEL_OF[month[3]!]!, KIND_OF[month[4]!]!);
        const into = sales.get(key) ?? { cents: 0, transactions: 0 };
        if (month[6] === 's') into.cents += value as number;
        else into.transactions += value as number;
        sales.set(key, into);
      } else if (day) {
        const key = daySalesKey(day[1]!, CHANNEL_OF[day[2]!]!, KIND_OF[day[3]!]!);
        const into = sales.get(key) ?? { cents: 0, transactions: 0 };
        if (day[4] === 's') into.cents += value as number;
        else into.transactions += value as number;
        sales.set(key, into);
      } else if (name.startsWith(JURISDICTION) && name.endsWith('|tx')) {
        // j|<type>|<rate>|<name>|tx: the name may itself hold a "|".
        const inner = name.slice(JURISDICTION.length, -'|tx'.length);
        const [type, rate] = inner.split('|', 2) as [JurisdictionType, string];
        const jName = inner.slice(type.length + rate.length + 2);
        addJurisdiction({ type, name: jName, rate: Number(rate) }, num(name), num(`${JURISDICTION}${inner}|t`));
      } else if (name.startsWith('jm_') && typeof value === 'string') {
        const id = name.slice(3);
        addJurisdiction(JSON.parse(value) as Pick<JurisdictionTotal, 'type' | 'name' | 'rate'>, num(`j_${id}_tx`), num(`j_${id}_t`));
      }
    }
    const byKind = Object.fromEntries(
      KINDS_OF_DOCUMENT.map((k) => [k, { documents: num(`k_${k}_n`), taxable: num(`k_${k}_tx`), tax: num(`k_${k}_t`) }]),
    ) as SummaryTotals['byKind'];
    let documents = 0;
    let taxable = 0;
    let tax = 0;
    for (const k of KINDS_OF_DOCUMENT) {
      documents += byKind[k].documents;
      taxable += byKind[k].taxable;
      tax += byKind[k].tax;
    }
    const collection = Object.fromEntries(COLLECTION.map((f) => [f, num(`c_${f}`)])) as unknown as CollectionTotals;
    return { documents, taxable, exempt: num('ex'), tax, byKind, jurisdictions, collection, sales };
  },
};
