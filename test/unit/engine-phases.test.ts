// The engine's phases (functions/core/tax/phases): the order in which a document's failures are
// reported (docs/taxes-and-content.md, "How the tax is computed"), and what each phase hands the
// next.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { resolveAddresses } from '../../functions/core/tax/phases/addresses';
import { identifyProducts } from '../../functions/core/tax/phases/products';
import { checkRateAvailability } from '../../functions/core/tax/phases/rate-availability';
import { stateModule } from '../../functions/core/tax/states';
import type { EngineContext } from '../../functions/core/tax/types';
import { CalculationRequestSchema } from '../../functions/schemas/document';
import { zipRows } from '../support/data';
import { content, context, failure, run } from '../support/engine';

const KY = { state: 'KY', zip: '40202' };
const NY = { state: 'NY', zip: '10001' };
const CHI = { state: 'IL', zip: '60601' };
const postalOnly = (state: string) => content.artifact.postalOnlyZips[state]!.slice(0, 5);

describe('order of checks', () => {
  const multiState = zipRows.find((r) => r.state !== 'KY' && r.state !== 'IL' && zipRows.some((o) => o.zip === r.zip && o.state !== r.state))!;
  type Body = { lines: object[] } & Record<string, unknown>;
  // Each fault makes one check fail; with faults i..n present, check i must be the one reported.
  const faults: [string, (body: Body) => void][] = [
    ['invalid_address', (b) => b.lines.push({ amount: 1, tax_code: '40010', ship_to: { state: 'NY', zip: 'abc' } })],
    ['invalid_request', (b) => b.lines.push({ amount: 5, discount: 1, tax_included: true, tax_code: '40010' })],
    ['invalid_tax_code', (b) => Object.assign(b, { strict: true }).lines.push({ amount: 1, tax_code: 'NOT-A-CODE' })],
    ['product_identity_required', (b) => Object.assign(b, { require_known: true }).lines.push({ amount: 1 })],
    ['address_precision_requirement_not_met', (b) => Object.assign(b, { minimum_address_precision: 'zip9' })],
    [
      'accuracy_requirement_not_met',
      (b) =>
        Object.assign(b, { accuracy_policy: 'deterministic' }).lines.push({
          amount: 1,
          tax_code: '40010',
          ship_to: { state: multiState.state, zip: multiState.zip },
        }),
    ],
    ['rate_unavailable', (b) => b.lines.push({ amount: 1, tax_code: '40010', ship_to: NY })],
    ['ky_historical_window_unsupported', (b) => b.lines.push({ amount: 1, tax_code: '40030' })],
    ['il_sourcing_unresolved_no_seller_facts', (b) => b.lines.push({ amount: 1, tax_code: '40010', ship_to: CHI })],
  ];
  // Kentucky before coverage: its state rate history serves the date, no other state's does.
  const body = (): Body => ({ date: '2007-06-30', ship_to: KY, lines: [{ amount: 10, tax_code: '40010' }] });

  it.each(faults.map(([code], i) => [code, i] as const))('%s comes before every later check', (code, i) => {
    const b = body();
    for (const [, add] of faults.slice(i)) add(b);
    expect(failure(b).code).toBe(code);
  });

  it('a document without the faults is taxed', () => {
    expect(run(body()).lines[0]).toMatchObject({ reason: 'standard_rated', tax: 60 });
  });
});

describe('what each phase hands the next', () => {
  const parse = (body: unknown) => v.parse(CalculationRequestSchema, body);
  const plan = (body: unknown, ctx: EngineContext = context()) => {
    const doc = parse(body);
    const addresses = resolveAddresses(doc, ctx.content);
    const products = identifyProducts(doc, addresses.dests, ctx);
    return { doc, addresses, products, lines: products.lines };
  };

  it('addresses: a ZIP without a rate row resolves; lines without ship_to share the document destination, named once', () => {
    const body = { date: '2026-04-15', ship_to: { state: 'NY', zip: postalOnly('NY') }, lines: [{ amount: 1 }, { amount: 2, ship_to: NY }, { amount: 3 }] };
    const [first, second, third] = plan(body).addresses.dests;
    expect([first?.kind, second?.kind]).toEqual(['unrated', 'area']);
    expect(third).toBe(first);
    expect(failure(body).details).toEqual([expect.objectContaining({ code: 'rate_unavailable', target: 'ship_to' })]);
  });

  it('rate availability: Illinois lines go on to be located by the Illinois module; every other line leaves rated', () => {
    const { products } = plan({ date: '2026-04-15', ship_to: { state: 'IL', zip: postalOnly('IL') }, lines: [{ amount: 1 }, { amount: 2, ship_to: NY }] });
    expect(checkRateAvailability(products, '2026-04-15', content).map((l) => [l.route, l.dest.kind])).toEqual([
      ['state', 'unrated'],
      ['rated', 'area'],
    ]);
  });

  it('products: notes what later phases look for (Illinois, Kentucky, a ZIP without a rate row outside Illinois)', () => {
    const noted = (body: unknown) => {
      const { states, unrated } = plan(body).products;
      const of = (code: string) => states.some((s) => s.state === code);
      return { illinois: of('IL'), kentucky: of('KY'), unrated };
    };
    expect(noted({ date: '2026-04-15', ship_to: { state: 'IL', zip: postalOnly('IL') }, lines: [{ amount: 1 }, { amount: 2, ship_to: NY }] })).toEqual({
      illinois: true,
      kentucky: false,
      unrated: false,
    });
    expect(noted({ date: '2026-04-15', ship_to: NY, lines: [{ amount: 1 }, { amount: 2, ship_to: { state: 'NY', zip: postalOnly('NY') } }] })).toEqual({
      illinois: false,
      kentucky: false,
      unrated: true,
    });
    expect(noted({ date: '2026-04-15', ship_to: NY, lines: [{ amount: 1, ship_to: KY }] })).toEqual({ illinois: false, kentucky: true, unrated: false });
  });

  it('Illinois: lines with nexus leave with Illinois components; without nexus they are sourced like any other line', () => {
    const illinois = stateModule('IL')!;
    const body = {
      date: '2026-04-15',
      seller_class: 'remote',
      ship_to: CHI,
      lines: [
        { amount: 1, description: 'Lamp' },
        { amount: 2, ship_to: NY },
      ],
    };
    const routes = (ctx: EngineContext) => {
      const { doc, addresses, products } = plan(body, ctx);
      const checked = checkRateAvailability(products, '2026-04-15', ctx.content);
      const taxable = illinois.sourceLines!(checked, addresses.shipFrom, doc, '2026-04-15', ctx);
      return taxable.map((l) => ('sourced' in l ? l.sourced.components.map((c) => c.name) : l.route));
    };
    expect(routes(context())).toEqual([['ILLINOIS', 'COOK COUNTY HOME RULE', 'CHICAGO', 'REGIONAL TRANSPORTATION AUTHORITY'], 'rated']);
    expect(routes(context({ settings: { nexus: ['NY'] } }))).toEqual(['rated', 'rated']);
  });
});

describe('amounts with more than two decimals', () => {
  it('are rounded half-up to cents on their decimal digits, and the answer says so at the field', () => {
    const doc = run({ date: '2026-04-15', ship_to: NY, lines: [{ amount: 10.005 }, { amount: 20, discount: 1.125 }, { amount: 3.1 }] });
    expect(doc.lines.map((l) => [l.amount, l.discount])).toEqual([
      [1001, 0],
      [2000, 113],
      [310, 0],
    ]);
    expect(doc.messages.filter((m) => m.code === 'amount_rounded').map((m) => m.target)).toEqual(['lines.0.amount', 'lines.1.discount']);
  });
});
