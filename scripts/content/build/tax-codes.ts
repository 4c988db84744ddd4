// product_tax_codes.csv: TaxJar's product tax codes, each with the product class it is taxed as
// (data/README.md §6), and the service's own code SHIPPING for delivery charges
// (docs/taxes-and-content.md).
import { CATEGORIES, type Category } from '../../../functions/core/content/artifact';
import type { Build } from './build';

export type TaxCode = [code: string, name: string, description: string, category: Category];

export const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);

export function readTaxCodes(build: Build): TaxCode[] {
  const codes: TaxCode[] = build.load('product_tax_codes.csv', ['code', 'name', 'description', 'category']).map((r) => {
    if (!isCategory(r.category)) throw new Error(`unknown category ${r.category} for tax code ${r.code}`);
    return [r.code, r.name, r.description, r.category];
  });
  codes.push(['SHIPPING', 'Shipping', 'Delivery charges separately stated on the invoice (common carrier).', 'shipping']);
  return codes;
}
