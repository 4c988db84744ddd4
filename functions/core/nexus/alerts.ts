// When a state's exposure is worth telling someone: approaching (80 %) or crossed, where the seller
// has not registered. Each alert has a key naming the state, the kind and the period it is about,
// so the store sends it once however often the exposure is evaluated (docs/economic-nexus.md,
// "Warnings").
import { yearOf } from './dates';
import type { NexusStateView } from './report';

export interface NexusAlertData {
  readonly state: string;
  readonly as_of: string;
  readonly status: 'approaching' | 'crossed';
  readonly share: number;
  readonly period: { readonly from: string; readonly to: string } | null;
  readonly next_test: string | null;
  readonly measured: { readonly sales: number; readonly transactions: number };
  readonly threshold: { readonly sales_usd: number | null; readonly transactions: number | null; readonly combine: string; readonly effective_from: string };
  readonly crossed_on: string | null;
  readonly obligation_from: string | null;
}

export interface NexusAlert {
  readonly key: string;
  /** Event types of the catalogue (core/events/catalogue.ts). */
  readonly type: 'nexus.threshold_approaching' | 'nexus.threshold_crossed';
  readonly data: NexusAlertData;
}

/**
 * The alert a state's answer calls for, or null. The period an alert is about: for a crossing, the
 * day it was crossed; for an approach, the next test where the state tests at period ends, else
 * the calendar year (a trailing window approaching all year is told once).
 */
export function alertOf(view: NexusStateView, asOf: string): NexusAlert | null {
  if (view.status !== 'approaching' && view.status !== 'crossed') return null;
  const crossed = view.status === 'crossed';
  const period = crossed ? view.crossed_on! : (view.next_test ?? String(yearOf(asOf)));
  const type = crossed ? 'nexus.threshold_crossed' : 'nexus.threshold_approaching';
  return {
    key: `${view.state}#${crossed ? 'crossed' : 'approaching'}#${view.threshold.effective_from}#${period}`,
    type,
    data: {
      state: view.state,
      as_of: asOf,
      status: view.status,
      share: view.share,
      period: view.period,
      next_test: view.next_test,
      measured: { sales: view.measured.sales, transactions: view.measured.transactions },
      threshold: {
        sales_usd: view.threshold.sales_usd,
        transactions: view.threshold.transactions,
        combine: view.threshold.combine,
        effective_from: view.threshold.effective_from,
      },
      crossed_on: view.crossed_on,
      obligation_from: view.obligation_from,
    },
  };
}
