// sales_tax_holidays.csv: each state's sales-tax holidays, the product classes and tax codes each
// covers, its price cap and whether local taxes are waived too (data/README.md §10).
import type { Category, Holiday } from '../../../functions/core/content/artifact';
import type { Build } from './build';
import { isCategory, type TaxCode } from './tax-codes';

export function readHolidays(build: Build, taxCodes: readonly TaxCode[]): Holiday[] {
  const codes = new Set(taxCodes.map(([code]) => code.toUpperCase()));
  return build
    .load('sales_tax_holidays.csv', [
      'state',
      'holiday',
      'starts',
      'ends',
      'categories',
      'tax_codes',
      'unit_price_cap',
      'cap_inclusive',
      'local_tax_waived',
      'source',
    ])
    .map((r) => {
      const categories = r.categories ? r.categories.split(';') : [];
      const holidayCodes = r.tax_codes ? r.tax_codes.split(';').map((c) => c.toUpperCase()) : [];
      for (const c of categories) if (!isCategory(c)) throw new Error(`sales_tax_holidays.csv: unknown category ${c}`);
      for (const c of holidayCodes) if (!codes.has(c)) throw new Error(`sales_tax_holidays.csv: unknown tax code ${c}`);
      if (!(r.starts <= r.ends)) throw new Error(`sales_tax_holidays.csv: ${r.holiday} ends before it starts`);
      return {
        state: r.state,
        name: r.holiday,
        from: r.starts,
        to: r.ends,
        categories: categories as Category[],
        codes: holidayCodes,
        capCents: r.unit_price_cap ? Math.round(Number(r.unit_price_cap) * 100) : null,
        capInclusive: r.cap_inclusive === 'yes',
        localWaived: r.local_tax_waived === 'yes',
        source: r.source,
      };
    });
}
