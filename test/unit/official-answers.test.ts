// Published answers of state revenue departments, typed in from the publication each row cites
// (not computed from data/): combined rates at a place, and taxability answers. A row failing here
// means the bundled data or a rule disagrees with what the state publishes.
import { describe, expect, it } from 'vitest';
import { toMicro } from '../../scripts/lib/csv';
import { run } from '../support/engine';

const CDTFA = 'CDTFA, California City & County Sales & Use Tax Rates, effective 1-1-26 (cdtfa.ca.gov/taxes-and-fees/rates.aspx)';
const D = '2026-04-15';

interface Row {
  readonly what: string;
  readonly state: string;
  readonly zip: string;
  readonly date?: string;
  readonly code?: string;
  readonly amount?: number;
  /** Combined rate of the line, as published. */
  readonly rate?: string;
  /** The state part of the line's rate, as published. */
  readonly stateRate?: string;
  readonly reason?: string;
  readonly source: string;
}

const ROWS: Row[] = [
  { what: 'Los Angeles', state: 'CA', zip: '90012', rate: '0.0975', source: CDTFA },
  { what: 'Beverly Hills (ZIP row says 10.5 %)', state: 'CA', zip: '90210', rate: '0.0975', source: CDTFA },
  { what: 'San Francisco', state: 'CA', zip: '94103', rate: '0.08625', source: CDTFA },
  { what: 'San Diego', state: 'CA', zip: '92101', rate: '0.0775', source: CDTFA },
  { what: 'Sacramento', state: 'CA', zip: '95814', rate: '0.0875', source: CDTFA },
  { what: 'Fresno', state: 'CA', zip: '93721', rate: '0.0835', source: CDTFA },
  { what: 'Oakland', state: 'CA', zip: '94612', rate: '0.1075', source: CDTFA },
  { what: 'San Jose', state: 'CA', zip: '95113', rate: '0.09375', source: CDTFA },
  {
    what: 'California state part of the 7.25 % base',
    state: 'CA',
    zip: '90012',
    stateRate: '0.06',
    source: 'CDTFA, Detailed Description of the Sales & Use Tax Rate (cdtfa.ca.gov/taxes-and-fees/sut-rates-description.htm)',
  },
  {
    what: 'New York City',
    state: 'NY',
    zip: '10001',
    rate: '0.08875',
    source: 'NY DTF Publication 718, New York State Sales and Use Tax Rates by Jurisdiction (tax.ny.gov/pdf/publications/sales/pub718.pdf)',
  },
  {
    what: 'NYC clothing under $110: exempt from state, NYC and MCTD tax',
    state: 'NY',
    zip: '10001',
    code: '20010',
    amount: 80,
    reason: 'product_exempt',
    source: 'NY DTF Publication 718-C, Sales and Use Tax on Clothing and Footwear (tax.ny.gov/pdf/publications/sales/pub718c.pdf)',
  },
  {
    what: 'Chicago general merchandise',
    state: 'IL',
    zip: '60601',
    rate: '0.1025',
    source: 'IDOR Tax Rate Finder, Chicago (Cook County): 6.25 % state + 1.75 % Cook County + 1.25 % Chicago + 1 % RTA (mytax.illinois.gov)',
  },
  {
    what: 'Chicago groceries in 2025: state 1 % + RTA 1.25 %',
    state: 'IL',
    zip: '60601',
    date: '2025-12-15',
    code: '40030',
    rate: '0.0225',
    source: 'IDOR, Mass Transit District Sales Tax (tax.illinois.gov/localgovernments/masstransit.html); FTA state rate table (state 1 % on qualifying food)',
  },
  {
    what: 'Chicago groceries in 2026: no state part, no city grocery tax, RTA 1.25 %',
    state: 'IL',
    zip: '60601',
    code: '40030',
    rate: '0.0125',
    source: 'IDOR CA-2026-01 (tax.illinois.gov/research/publications/compliancealerts/ca-2026-01.html); RTA rate from IDOR masstransit.html',
  },
  {
    what: 'Chicago prescription drugs in 2026: state 1 % + RTA 1.25 %',
    state: 'IL',
    zip: '60601',
    code: '51020',
    rate: '0.0225',
    source: 'IDOR, P.A. 103-0781 leaves drugs and medical appliances at 1 %; RTA 1.25 % (tax.illinois.gov/localgovernments/masstransit.html)',
  },
  {
    what: 'Illinois state part on groceries from 2026-01-01 (Berwyn adopted the local 1 %)',
    state: 'IL',
    zip: '60402',
    code: '40030',
    stateRate: '0',
    source: 'IDOR CA-2026-01 (state 1 % grocery tax repealed, P.A. 103-0781)',
  },
  {
    what: 'Houston',
    state: 'TX',
    zip: '77002',
    rate: '0.0825',
    source: 'Texas Comptroller, Sales Tax Rate Locator: Houston 6.25 % state + 1 % city + 1 % MTA (comptroller.texas.gov/taxes/sales/)',
  },
  {
    what: 'Texas groceries exempt',
    state: 'TX',
    zip: '77002',
    code: '40030',
    reason: 'product_exempt',
    source: 'Texas Comptroller publication 94-105, Grocery and Convenience Stores (comptroller.texas.gov)',
  },
  {
    what: 'Phoenix',
    state: 'AZ',
    zip: '85004',
    rate: '0.091',
    source: 'Arizona DOR TPT rate table: 5.6 % state + 0.7 % Maricopa County + 2.8 % Phoenix (azdor.gov)',
  },
  {
    what: 'Seattle from 2026-01-01',
    state: 'WA',
    zip: '98101',
    rate: '0.1055',
    source: 'WA DOR Local Sales & Use Tax Rates, Q1 2026 (dor.wa.gov/taxes-rates/sales-use-tax-rates)',
  },
  {
    what: 'Seattle in December 2025',
    state: 'WA',
    zip: '98101',
    date: '2025-12-15',
    rate: '0.1035',
    source: 'WA DOR Local Sales & Use Tax Rates, Q4 2025 (dor.wa.gov/taxes-rates/sales-use-tax-rates)',
  },
  {
    what: 'Washington IT services taxable from 2025-10-01 (ESSB 5814)',
    state: 'WA',
    zip: '98101',
    code: '81111504A0000',
    rate: '0.1055',
    source: 'WA DOR, Services newly subject to retail sales tax (dor.wa.gov/taxes-rates/retail-sales-tax/services-newly-subject-retail-sales-tax)',
  },
  {
    what: 'Washington professional services stay outside retail sales',
    state: 'WA',
    zip: '98101',
    code: '19005',
    reason: 'product_exempt',
    source: 'WA DOR, Frequently asked questions about ESSB 5814 (accountants, lawyers: service and other activities B&O)',
  },
  { what: 'Louisville', state: 'KY', zip: '40202', rate: '0.06', source: 'Kentucky DOR, Sales and Use Tax (revenue.ky.gov): 6 %, no local sales tax' },
  {
    what: 'Kentucky groceries exempt',
    state: 'KY',
    zip: '40202',
    code: '40030',
    reason: 'product_exempt',
    source: 'Kentucky DOR, KRS 139.485 food for home consumption (revenue.ky.gov)',
  },
  { what: 'Hartford', state: 'CT', zip: '06103', rate: '0.0635', source: 'Connecticut DRS, Sales and Use Tax (portal.ct.gov/drs): 6.35 %' },
  {
    what: 'Portland, Maine',
    state: 'ME',
    zip: '04101',
    rate: '0.055',
    source: 'Maine Revenue Services, Sales, Fuel & Special Tax Division: 5.5 % general rate (maine.gov/revenue)',
  },
  { what: 'Boston', state: 'MA', zip: '02108', rate: '0.0625', source: 'Massachusetts DOR, Sales and Use Tax (mass.gov): 6.25 %' },
  {
    what: 'Massachusetts clothing: first $175 of an item exempt',
    state: 'MA',
    zip: '02108',
    code: '20010',
    amount: 200,
    rate: '0.0625',
    source: 'Massachusetts DOR, Guide to Sales and Use Tax: clothing over $175 taxed on the excess (mass.gov)',
  },
  { what: 'Detroit', state: 'MI', zip: '48226', rate: '0.06', source: 'Michigan Department of Treasury, Sales and Use Tax: 6 % (michigan.gov/taxes)' },
  { what: 'Providence', state: 'RI', zip: '02903', rate: '0.07', source: 'Rhode Island Division of Taxation, Sales and Use Tax: 7 % (tax.ri.gov)' },
  { what: 'Indianapolis', state: 'IN', zip: '46204', rate: '0.07', source: 'Indiana DOR, Sales Tax Information Bulletin 8: 7 % (in.gov/dor)' },
  { what: 'Newark', state: 'NJ', zip: '07102', rate: '0.06625', source: 'NJ Division of Taxation, Sales and Use Tax: 6.625 % (nj.gov/treasury/taxation)' },
  {
    what: 'New Jersey clothing exempt',
    state: 'NJ',
    zip: '07102',
    code: '20010',
    reason: 'product_exempt',
    source: 'NJ Division of Taxation, Tax Topic Bulletin S&U-4, clothing and footwear exempt (nj.gov/treasury/taxation)',
  },
  { what: 'Baltimore', state: 'MD', zip: '21201', rate: '0.06', source: 'Comptroller of Maryland, Sales and Use Tax: 6 % (marylandcomptroller.gov)' },
  {
    what: 'District of Columbia before 2026-10-01',
    state: 'DC',
    zip: '20001',
    rate: '0.06',
    source: 'DC OTR, Sales and Use Tax: 6 % general rate (otr.cfo.dc.gov)',
  },
  {
    what: 'District of Columbia from 2026-10-01',
    state: 'DC',
    zip: '20001',
    date: '2026-10-01',
    rate: '0.07',
    source: 'DC OTR notice of October 1, 2025 tax changes: 7 % from 2026-10-01 (otr.cfo.dc.gov)',
  },
  {
    what: 'Nashville',
    state: 'TN',
    zip: '37203',
    rate: '0.0925',
    source: 'Tennessee DOR, Sales and Use Tax: 7 % state + 2.25 % Davidson County (tn.gov/revenue)',
  },
  {
    what: 'Tennessee groceries: 4 % state part',
    state: 'TN',
    zip: '37203',
    code: '40030',
    stateRate: '0.04',
    source: 'Tennessee DOR, Sales and Use Tax: food and food ingredients 4 % state rate (tn.gov/revenue)',
  },
  {
    what: 'Jackson, Mississippi',
    state: 'MS',
    zip: '39201',
    rate: '0.08',
    source: 'Mississippi DOR, Sales Tax: 7 % state + 1 % Jackson special tax (dor.ms.gov)',
  },
  {
    what: 'Mississippi groceries: 5 % state part from 2025-07-01',
    state: 'MS',
    zip: '39201',
    code: '40030',
    stateRate: '0.05',
    source: 'Mississippi DOR, grocery tax reduction to 5 % effective July 1, 2025 (dor.ms.gov)',
  },
  {
    what: 'Alabama groceries: 2 % state part from 2025-09-01',
    state: 'AL',
    zip: '36104',
    code: '40030',
    stateRate: '0.02',
    source: 'Alabama DOR, state sales tax on food reduced to 2 % September 1, 2025 (revenue.alabama.gov)',
  },
  {
    what: 'Philadelphia',
    state: 'PA',
    zip: '19107',
    rate: '0.08',
    source: 'Pennsylvania DOR, Sales, Use and Hotel Occupancy Tax: 6 % + 2 % Philadelphia (revenue.pa.gov)',
  },
  {
    what: 'Pennsylvania clothing exempt',
    state: 'PA',
    zip: '19107',
    code: '20010',
    reason: 'product_exempt',
    source: 'Pennsylvania DOR, Retailers Information REV-717: clothing exempt (revenue.pa.gov)',
  },
  {
    what: 'Minnesota clothing exempt',
    state: 'MN',
    zip: '55401',
    code: '20010',
    reason: 'product_exempt',
    source: 'Minnesota DOR, Sales Tax Fact Sheet 105, Clothing (revenue.state.mn.us)',
  },
  {
    what: 'Miami',
    state: 'FL',
    zip: '33101',
    rate: '0.07',
    source: 'Florida DOR, DR-15DSS discretionary sales surtax: 6 % + 1 % Miami-Dade (floridarevenue.com)',
  },
  {
    what: 'Florida groceries exempt',
    state: 'FL',
    zip: '33101',
    code: '40030',
    reason: 'product_exempt',
    source: 'Florida DOR, Tax Information for Grocery Stores GT-800013 (floridarevenue.com)',
  },
  {
    what: 'Texas holiday: a $50 shirt on 2026-08-08',
    state: 'TX',
    zip: '77002',
    date: '2026-08-08',
    code: '20010',
    amount: 50,
    reason: 'holiday_exempt',
    source: 'Texas Comptroller, Sales Tax Holiday (Tax Code 151.326; 2026-08-07..09)',
  },
  {
    what: 'Tennessee holiday: a $1,200 laptop on 2026-08-01',
    state: 'TN',
    zip: '37203',
    date: '2026-08-01',
    code: '43211500A0001',
    amount: 1200,
    reason: 'holiday_exempt',
    source: 'Tennessee DOR, Sales Tax Holiday (Tenn. Code 67-6-393; 2026-07-31..08-02)',
  },
  {
    what: 'Florida holiday: a $40 backpack of school supplies on 2026-08-20',
    state: 'FL',
    zip: '33101',
    date: '2026-08-20',
    code: '44121600A0001',
    amount: 40,
    reason: 'holiday_exempt',
    source: 'Florida DOR, Back-to-School Sales Tax Holiday every August (HB 7031, 2025)',
  },
  {
    what: 'Portland, Oregon: no sales tax',
    state: 'OR',
    zip: '97201',
    reason: 'not_subject_to_tax',
    source: 'Oregon DOR: Oregon has no state or local sales tax (oregon.gov/dor)',
  },
  {
    what: 'Wilmington, Delaware: no sales tax',
    state: 'DE',
    zip: '19801',
    reason: 'not_subject_to_tax',
    source: 'Delaware Division of Revenue: no sales tax (revenue.delaware.gov)',
  },
  {
    what: 'Concord, New Hampshire: no general sales tax',
    state: 'NH',
    zip: '03301',
    reason: 'not_subject_to_tax',
    source: 'NH DRA: no general sales tax (revenue.nh.gov)',
  },
];

describe(`${ROWS.length} answers published by state revenue departments`, () => {
  it.each(ROWS)('$state $zip: $what', (row) => {
    const doc = run({
      date: row.date ?? D,
      seller_class: row.state === 'IL' ? 'remote' : undefined,
      ship_to: { state: row.state, zip: row.zip },
      lines: [{ amount: row.amount ?? 100, description: row.what, tax_code: row.code ?? null }],
    });
    const line = doc.lines[0]!;
    if (row.rate !== undefined) {
      // A partly exempt item is taxed at the full rate on its taxable part.
      expect(line.rate).toBe(toMicro(row.rate));
      if (row.code === '20010' && row.state === 'MA') expect(line.taxable).toBe(2_500);
    }
    if (row.stateRate !== undefined) expect(line.jurisdictions.find((j) => j.type === 'state')?.rate ?? 0).toBe(toMicro(row.stateRate));
    if (row.reason !== undefined) expect(line.reason).toBe(row.reason);
  });

  it('cites a source for every row and holds at least 40 rows', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(40);
    for (const row of ROWS) expect(row.source.length).toBeGreaterThan(10);
  });
});
