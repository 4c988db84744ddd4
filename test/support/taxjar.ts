// The official TaxJar Node client pointed at the local runner's TaxJar-compatible base path, and
// helpers to compare its answers with /api/v1's for the same input.
import Taxjar from 'taxjar';
import { expect, inject } from 'vitest';
import { TAXJAR_BASE_PATH } from '../../functions/manifest/route';
import { KEYS } from '../fixtures/seed';
import { conformingFetch } from './http';

// The TaxJar client calls the global fetch: its answers (and the tests' own calls below the TaxJar
// base path) are checked against the OpenAPI document like every other response of the suite.
const plainFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  return new URL(url).pathname.startsWith(`${TAXJAR_BASE_PATH}/`) ? conformingFetch(input, init) : plainFetch(input, init);
};

export const taxjar = (apiKey: string = KEYS.taxjar): Taxjar => new Taxjar({ apiKey, apiUrl: `${inject('baseUrl')}/taxjar` });

/** The TaxjarError the client raises for a TaxJar-shaped error body. */
export async function expectTaxjarError(call: Promise<unknown>, status: number, detail?: RegExp): Promise<{ error: string; detail: string; status: number }> {
  const error = await call.then(
    () => {
      throw new Error(`expected a TaxjarError ${status}`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Taxjar.Error);
  const e = error as { error: string; detail: string; status: number };
  expect({ status: e.status, error: typeof e.error, detail: typeof e.detail }).toEqual({ status, error: 'string', detail: 'string' });
  if (detail) expect(e.detail).toMatch(detail);
  return e;
}

/**
 * A New York order of two lamps (uncoded: general goods) and an atlas coded as a book (81100),
 * with $5 shipping: the order the transaction tests push, update and refund.
 */
export function lampAndAtlasOrder(id: string, extra: Record<string, unknown> = {}) {
  return {
    transaction_id: id,
    transaction_date: '2026/05/04',
    to_country: 'US',
    to_zip: '10001',
    to_state: 'NY',
    amount: 66.47,
    shipping: 5,
    sales_tax: 0,
    line_items: [
      { id: '1', quantity: 2, product_identifier: 'LAMP', description: 'Desk lamp', unit_price: 24.99 },
      { id: '2', quantity: 1, product_identifier: 'BOOK', description: 'Atlas', unit_price: 11.49, product_tax_code: '81100' },
    ],
    ...extra,
  };
}

/** Cents of a JSON amount, for comparisons to the cent. */
export const cents = (amount: number): number => Math.round(amount * 100);

type Jurisdiction = { type: string; tax: number; taxable_amount: number; rate: number };

/** Tax per jurisdiction type in a /api/v1 document's summary, in cents. */
export function taxByType(summary: readonly Jurisdiction[]): Record<string, number> {
  const out: Record<string, number> = { state: 0, county: 0, city: 0, special: 0 };
  for (const j of summary) out[j.type] = (out[j.type] ?? 0) + cents(j.tax);
  return out;
}
