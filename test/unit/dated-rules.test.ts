// Golden values for the dated rules: every expectation is computed here from data/*.csv.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsv, toMicro } from '../../scripts/content/files/csv';
import { taxCents, zipRows } from '../support/data';
import { content, failure, run } from '../support/engine';

const DATA = join(import.meta.dirname, '..', '..', 'data');
const il = readCsv(join(DATA, 'illinois_rate_components.csv'), [
  'component',
  'scope',
  'qualifying_food_rate',
  'qualifying_drugs_medical_rate',
  'effective_from',
]);
const grocery = readCsv(join(DATA, 'illinois_local_grocery.csv'), ['jurisdiction', 'kind', 'county', 'local_grocery_rate', 'effective_from']).filter(
  (r) => r.kind === 'municipality',
);
const holidays = readCsv(join(DATA, 'sales_tax_holidays.csv'), [
  'state',
  'holiday',
  'starts',
  'ends',
  'categories',
  'tax_codes',
  'unit_price_cap',
  'cap_inclusive',
  'local_tax_waived',
]);
const changes = readCsv(join(DATA, 'taxability_changes.csv'), ['state', 'match', 'effective_from', 'treatment', 'source']);
const caParts = readCsv(join(DATA, 'ca_base_rate_components.csv'), ['jurisdiction', 'rate']);
const cdtfa = readCsv(join(DATA, 'ca_cdtfa_city_county_rates.csv'), ['location', 'type', 'combined_rate']);

const rtaCook = il.find((r) => r.component.startsWith('RTA') && r.scope === 'Cook County')!;
const state2026 = il.find((r) => r.component === 'Illinois state ROT' && r.effective_from === '2026-01-01')!;
const remote = { seller_class: 'remote' as const };
const food = (amount = 100) => [{ amount, tax_code: '40030', description: 'Groceries' }];

describe('Illinois local grocery tax from 2026-01-01 (data/illinois_local_grocery.csv)', () => {
  const adopted = grocery.filter((r) => toMicro(r.local_grocery_rate) > 0 && r.effective_from === '2026-01-01');
  // Cook County places whose postal city is an adopting municipality: state 0 + RTA + the local 1 %.
  const cases = adopted
    .map((r) => ({ r, row: zipRows.find((z) => z.state === 'IL' && z.city_name.toUpperCase() === r.jurisdiction.toUpperCase()) }))
    .filter((c) => c.row !== undefined)
    .slice(0, 12);

  it.each(cases)('$r.jurisdiction computes groceries from the list', ({ r, row }) => {
    const doc = run({ date: '2026-02-10', ...remote, ship_to: { state: 'IL', zip: row!.zip }, lines: food(80) });
    const line = doc.lines[0]!;
    const rtaRow = il.find(
      (c) =>
        c.component.startsWith('RTA') &&
        c.scope
          .replace(/ count(y|ies)$/, '')
          .split(', ')
          .includes(zipCounty(row!.zip) ?? '-'),
    );
    const rta = rtaRow ? toMicro(rtaRow.qualifying_food_rate) : 0;
    const local = toMicro(r.local_grocery_rate);
    expect(line.jurisdictions.find((j) => j.type === 'city')).toMatchObject({ name: `${r.jurisdiction.toUpperCase()} GROCERY TAX`, rate: local });
    expect(line.jurisdictions.find((j) => j.type === 'state')).toBeUndefined(); // state part 0 from 2026
    expect(toMicro(state2026.qualifying_food_rate)).toBe(0);
    expect(line.rate).toBe(local + rta);
    expect(line.reason).toBe('reduced_rated');
  });

  it('Chicago did not adopt it: RTA only', () => {
    const line = run({ date: '2026-02-10', ...remote, ship_to: { state: 'IL', zip: '60601' }, lines: food() }).lines[0]!;
    expect(grocery.find((r) => r.jurisdiction === 'Chicago')!.local_grocery_rate).toBe('0');
    expect(line.rate).toBe(toMicro(rtaCook.qualifying_food_rate));
  });

  it('a place the list does not know is refused, not guessed', () => {
    const unknown = zipRows.find(
      (z) => z.state === 'IL' && z.city_name !== '' && !grocery.some((g) => g.jurisdiction.toUpperCase() === z.city_name.toUpperCase()),
    )!;
    expect(failure({ date: '2026-02-10', ...remote, ship_to: { state: 'IL', zip: unknown.zip }, lines: food() }).code).toBe('il_rate_lookup_unresolved');
    // …while before 2026 the same place has its state 1 % and no local grocery question.
    const before = run({ date: '2025-12-20', ...remote, ship_to: { state: 'IL', zip: unknown.zip }, lines: food() }).lines[0]!;
    expect(before.jurisdictions.find((j) => j.type === 'state')?.rate).toBe(10_000);
  });
});

describe('Metro-East Mass Transit District food and drug rates', () => {
  const med = il.filter((r) => r.component.startsWith('MED'));
  const drugsRx = [{ amount: 100, tax_code: '51020', description: 'Prescription' }];
  it.each(med)('$scope: a ZIP whose districts reach the MED rate pays it on drugs', (m) => {
    const county = m.scope.replace(/ County$/, '');
    const rate = toMicro(m.qualifying_drugs_medical_rate);
    const inside = zipRows.find((z) => z.state === 'IL' && toMicro(z.special_rate) >= rate && zipCounty(z.zip) === county)!;
    const line = run({ date: '2026-02-10', ...remote, ship_to: { state: 'IL', zip: inside.zip }, lines: drugsRx }).lines[0]!;
    expect(line.jurisdictions.find((j) => j.name === 'METRO-EAST MASS TRANSIT DISTRICT')?.rate).toBe(rate);
    expect(line.rate).toBe(toMicro(state2026.qualifying_drugs_medical_rate) + rate);
    const outside = zipRows.find((z) => z.state === 'IL' && toMicro(z.special_rate) === 0 && zipCounty(z.zip) === county);
    if (outside) {
      const l = run({ date: '2026-02-10', ...remote, ship_to: { state: 'IL', zip: outside.zip }, lines: drugsRx }).lines[0]!;
      expect(l.rate).toBe(toMicro(state2026.qualifying_drugs_medical_rate));
    }
  });
});

const counties = new Map(
  readCsv(join(DATA, 'us_zip_rates.csv'), ['state', 'zip', 'county_name'])
    .filter((r) => r.state === 'IL')
    .map((r) => [r.zip, r.county_name]),
);
function zipCounty(zip: string): string | undefined {
  return counties.get(zip);
}

describe('sales-tax holidays (data/sales_tax_holidays.csv)', () => {
  const clothing = holidays.filter((h) => h.categories.includes('clothing'));
  const placeOf = (state: string) => zipRows.find((z) => z.state === state && toMicro(z.combined_rate) > 0)!;
  it.each(clothing)('$holiday: exempt inside, taxed outside and above the cap', (h) => {
    const place = placeOf(h.state);
    const cap = h.unit_price_cap === '' ? null : Number(h.unit_price_cap);
    const under = cap === null ? 500 : h.cap_inclusive === 'yes' ? cap : cap - 1;
    const body = (date: string, amount: number, quantity = 1) => ({
      date,
      ship_to: { state: h.state, zip: place.zip },
      lines: [{ amount, quantity, tax_code: '20010' }],
    });
    const inside = run(body(h.starts, under));
    expect(inside.lines[0]).toMatchObject({ reason: 'holiday_exempt', tax: 0, taxability: 'exempt' });
    expect(inside.messages).toContainEqual(expect.objectContaining({ code: 'holiday_exempt', target: 'lines.0', message: expect.stringContaining(h.holiday) }));
    expect(run(body(h.ends, under * 3, 3)).lines[0]!.reason).toBe('holiday_exempt'); // the cap is per unit
    const dayAfter = new Date(Date.parse(`${h.ends}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const after = run(body(dayAfter, under));
    expect(after.lines[0]!.tax).toBe(taxCents(under * 100, BigInt(after.lines[0]!.rate)));
    expect(after.lines[0]!.tax).toBeGreaterThan(0);
    if (cap !== null) expect(run(body(h.starts, cap + 1)).lines[0]!.reason).not.toBe('holiday_exempt');
  });
});

describe('dated taxability rules (data/taxability_changes.csv): each line names the rule in force, and is taxed by it', () => {
  const NAMES: Record<string, string> = { exempt: 'exempt', taxable: 'taxable', reduced: 'reduced_rate', rate: 'class_rate', share: 'partial_base' };
  const coverage = content.artifact.coverage_from;
  const rows = changes.map((c, order) => ({ ...c, order }));
  /** The row of the same state and match in force on `date`: the newest on or before it (undated rows first). */
  const inForceOn = (c: (typeof rows)[number], date: string) =>
    rows
      .filter((o) => o.state === c.state && o.match === c.match && o.effective_from <= date)
      .sort((a, b) => a.effective_from.localeCompare(b.effective_from) || a.order - b.order)
      .at(-1)!;
  /** A tax code the row rules on that no narrower code rule of the state takes over. */
  const codeFor = (c: (typeof rows)[number]) => {
    const codeRules = rows.filter((o) => o.state === c.state && o.match.startsWith('code:')).map((o) => o.match.slice(5));
    return content.artifact.taxCodes.find(([code, , , category]) =>
      c.match.startsWith('code:') ? code.startsWith(c.match.slice(5)) : category === c.match.slice(9) && !codeRules.some((p) => code.startsWith(p)),
    )![0];
  };

  it.each(rows)('$state $match from $effective_from: $treatment', (c) => {
    const date = c.effective_from > coverage ? c.effective_from : coverage;
    const rule = inForceOn(c, date);
    const zip = zipRows.find((z) => z.state === c.state)!;
    const code = codeFor(c);
    const doc = run({ date, ship_to: { state: c.state, zip: zip.zip }, lines: [{ amount: 100, tax_code: code }] });
    const line = doc.lines[0]!;
    const kind = rule.treatment.split(':')[0]!;
    expect(line.taxability_rule).toMatchObject({
      state: c.state,
      class: c.match.startsWith('code:') ? `tax_code:${c.match.slice(5)}` : c.match.slice(9),
      treatment: NAMES[kind],
      effective_from: rule.effective_from || coverage,
      citation: changes[rule.order]!.source,
    });
    expect(line.reason).toBe(kind === 'exempt' ? 'product_exempt' : kind === 'taxable' || kind === 'rate' ? 'standard_rated' : 'reduced_rated');
    if (kind === 'reduced' || kind === 'rate') {
      const [, stateRate, local] = rule.treatment.split(':') as [string, string, string];
      expect(line.jurisdictions.find((j) => j.type === 'state')?.rate ?? 0).toBe(toMicro(stateRate));
      if (local === 'none') expect(line.jurisdictions.every((j) => j.type === 'state')).toBe(true);
      else if (local !== 'zip') expect(line.rate).toBe(toMicro(stateRate) + toMicro(local));
    }
    if (kind === 'share') expect(line.taxable).toBe(Math.round(Number(rule.treatment.split(':')[1]) * 10_000));
    // The line's tax is the sum of its jurisdictions' (the invariant every answer keeps).
    expect(line.jurisdictions.reduce((n, j) => n + j.tax, 0)).toBe(line.tax);
    expect(doc.messages.map((m) => m.code)).not.toContain('taxability_unverified');
    const t = content.datedTreatment(c.state, line.category, code, date)?.t;
    expect(t).toBe({ exempt: 'exempt', taxable: 'taxable', reduced: 'reduced', rate: 'class_rate', share: 'base_share' }[kind]);
  });
});

describe('California breakdown where the CDTFA city rate overrides the ZIP row', () => {
  const part = (jurisdiction: string) => caParts.filter((r) => r.jurisdiction === jurisdiction).reduce((s, r) => s + toMicro(r.rate), 0);
  it('90210 reports CDTFA’s base parts and the districts of Los Angeles County and Beverly Hills', () => {
    const line = run({ date: '2026-04-15', ship_to: { state: 'CA', zip: '90210' }, lines: [{ amount: 100 }] }).lines[0]!;
    const city = toMicro(cdtfa.find((r) => r.location === 'Beverly Hills' && r.type === 'City')!.combined_rate);
    expect(part('state') + part('county') + part('city')).toBe(72_500);
    expect(line.jurisdictions.map((j) => [j.type, j.name, j.rate])).toEqual([
      ['state', 'CALIFORNIA', part('state')],
      ['county', 'LOS ANGELES', part('county')],
      ['city', 'BEVERLY HILLS', part('city')],
      ['special', 'LOS ANGELES COUNTY AND BEVERLY HILLS DISTRICT TAXES', city - 72_500],
    ]);
    expect(line.jurisdictions.some((j) => j.name.includes('WEST HOLLYWOOD'))).toBe(false);
  });
});

describe('reduced and local-only grocery rates (taxability_changes.csv, category:food_groceries)', () => {
  const groceryRows = changes.filter((c) => c.match === 'category:food_groceries');
  it.each(groceryRows)('$state from $effective_from: $treatment', (c) => {
    // The row is in force from its date (the oldest content date for undated rows) until the next row's.
    const date = c.effective_from > '2025-12-01' ? c.effective_from : '2025-12-01';
    const inForce = groceryRows.filter((o) => o.state === c.state && o.effective_from <= date).at(-1)!;
    const zip = zipRows.find((z) => z.state === c.state && toMicro(z.county_rate) + toMicro(z.city_rate) + toMicro(z.special_rate) > 0)!;
    const line = run({ date, ship_to: { state: c.state, zip: zip.zip }, lines: [{ amount: 100, tax_code: '40030' }] }).lines[0]!;
    const zipLocal = toMicro(zip.county_rate) + toMicro(zip.city_rate) + toMicro(zip.special_rate);
    if (inForce.treatment === 'taxable') {
      expect(line.rate).toBe(toMicro(zip.combined_rate));
      return;
    }
    const [, stateRate, local] = inForce.treatment.split(':') as [string, string, string];
    const localRate = local === 'zip' ? zipLocal : local === 'none' ? 0 : toMicro(local);
    expect(line.reason).toBe('reduced_rated');
    expect(line.jurisdictions.find((j) => j.type === 'state')?.rate ?? 0).toBe(toMicro(stateRate));
    expect(line.rate).toBe(toMicro(stateRate) + localRate);
    expect(line.tax).toBe(taxCents(10_000, BigInt(toMicro(stateRate) + localRate)));
  });

  it('North Carolina: groceries pay the flat 2 % local rate, not the county and transit rates of the ZIP', () => {
    const charlotte = run({ date: '2026-04-15', ship_to: { state: 'NC', zip: '28202' }, lines: [{ amount: 100, tax_code: '40030' }] }).lines[0]!;
    expect(charlotte.rate).toBe(20_000);
    expect(charlotte.jurisdictions.some((j) => j.type === 'state')).toBe(false);
  });

  it('Arkansas: the state 0.125 % on groceries ends on 2026-01-01, local taxes stay', () => {
    const doc = (date: string) => run({ date, ship_to: { state: 'AR', zip: '72201' }, lines: [{ amount: 100, tax_code: '40030' }] }).lines[0]!;
    expect(doc('2025-12-31').jurisdictions.find((j) => j.type === 'state')?.rate).toBe(1_250);
    expect(doc('2026-01-01').jurisdictions.find((j) => j.type === 'state')).toBeUndefined();
    expect(doc('2026-01-01').rate).toBeGreaterThan(0);
  });
});
