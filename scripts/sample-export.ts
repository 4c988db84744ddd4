// Writes an ERP export in the loader's default CSV layout (one row per invoice line): the sample
// in examples/ (`npm run sample-export`), and the 10,000-invoice export of the benchmark.
// Deterministic (a seeded generator), across states (Illinois rows state the seller's posture); `invalid` invoices carry the mistakes real
// exports have (no ZIP, a negative or non-numeric amount, an unknown tax code, a row without an
// invoice number), so a load shows both outcomes. (12345 is no tax code of the catalog: taxed as
// general goods with a warning, refused only in a strict document.)
import { writeFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { commandLine, isMain, wholeNumber } from '../lib/command-line';

const PLACES = [
  ['New York', 'NY', '10001'],
  ['Austin', 'TX', '78701'],
  ['Seattle', 'WA', '98101'],
  ['Miami', 'FL', '33131'],
  ['Philadelphia', 'PA', '19103'],
  ['Atlanta', 'GA', '30303'],
  ['Denver', 'CO', '80202'],
  ['Phoenix', 'AZ', '85004'],
  ['Newark', 'NJ', '07102'],
  ['Columbus', 'OH', '43215'],
  ['Boston', 'MA', '02108'],
  ['Nashville', 'TN', '37201'],
  ['Minneapolis', 'MN', '55401'],
  ['Las Vegas', 'NV', '89101'],
  ['Beverly Hills', 'CA', '90210'],
  ['Chicago', 'IL', '60601'],
] as const;
const TAX_CODES = ['', '', '20010', '40030', '30070'];
const HEADER = [
  'invoice_number',
  'date',
  'customer_code',
  'ship_to_line1',
  'ship_to_city',
  'ship_to_state',
  'ship_to_zip',
  'line_number',
  'item_code',
  'tax_code',
  'description',
  'quantity',
  'amount',
  'seller_class',
];

/** mulberry32: a small seeded generator, so the sample is the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function sampleExport(invoices: number, options: { invalidEvery?: number; seed?: number; prefix?: string } = {}): string {
  const rnd = random(options.seed ?? 42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const rows: (string | number)[][] = [HEADER];
  for (let n = 1; n <= invoices; n++) {
    const invoice = `${options.prefix ?? 'INV'}-${String(n).padStart(6, '0')}`;
    const [city, state, zip] = pick(PLACES);
    const day = String(1 + Math.floor(rnd() * 28)).padStart(2, '0');
    const lines = 1 + Math.floor(rnd() * 5);
    const customer = `CUST-${1 + Math.floor(rnd() * 50)}`;
    const broken = options.invalidEvery ? n % options.invalidEvery === 0 : false;
    const mistake = broken ? (n / (options.invalidEvery ?? 1)) % 5 : -1;
    for (let l = 1; l <= lines; l++) {
      const quantity = 1 + Math.floor(rnd() * 4);
      let amount: string | number = Math.round(quantity * (1 + rnd() * 199) * 100) / 100;
      let taxCode = pick(TAX_CODES);
      let zipOut: string = zip;
      let invoiceOut = invoice;
      if (l === 1 && mistake === 0) zipOut = '';
      if (l === 1 && mistake === 1) amount = -amount;
      if (l === 1 && mistake === 2) amount = 'n/a';
      if (l === 1 && mistake === 3) taxCode = '12345';
      if (l === 1 && mistake === 4) invoiceOut = '';
      // Illinois sources a sale by the seller's posture, which an export states per document.
      const sellerClass = state === 'IL' ? 'remote' : '';
      rows.push([
        invoiceOut,
        `2026-04-${day}`,
        customer,
        `${100 + n} Main St`,
        city,
        state,
        zipOut,
        String(l),
        '',
        taxCode,
        `Item ${l}`,
        quantity,
        amount,
        sellerClass,
      ]);
    }
  }
  return stringify(rows);
}

if (isMain(import.meta.url)) {
  const spec = {
    command: 'npm run sample-export --',
    summary:
      "Writes a sample ERP export in stx batch's default CSV layout (one row per invoice line, 16 states (Illinois with the seller's posture)); every 25th invoice carries a mistake real exports have (no ZIP, a negative or non-numeric amount, an unknown tax code, a row without an invoice number). The same file on every run.",
    options: {
      invoices: { type: 'string', value: '<n>', description: 'invoices to write (default 300)' },
      'invalid-every': { type: 'string', value: '<n>', description: 'every n-th invoice has a mistake (default 25; 0: none)' },
      seed: { type: 'string', value: '<n>', description: 'seed of the generator (default 42)' },
    },
    args: [{ name: 'file', description: 'where to write it (default examples/erp-export.csv)' }],
  } as const;
  const { values, args } = commandLine(spec);
  const out = args[0] ?? 'examples/erp-export.csv';
  const invalidEvery = wholeNumber(spec, '--invalid-every', values['invalid-every'], 25, 0);
  const seed = wholeNumber(spec, '--seed', values.seed, 42, 0);
  writeFileSync(out, sampleExport(wholeNumber(spec, '--invoices', values.invoices, 300), { invalidEvery: invalidEvery || undefined, seed }));
  console.log(`wrote ${out}`);
}
