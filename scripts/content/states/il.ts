// Illinois (artifact `illinois`, data/README.md §4): the state's rates by product class
// (illinois_rate_components.csv: general merchandise, qualifying food, drugs and medical
// appliances) with the food-rate suspension the rows' notes date, the transit districts' rates by
// county (RTA and NITA), the Metro-East district's (MED), the date retailers shipping from outside
// the state turn to destination sourcing (illinois_sourcing_rules.csv), and the local grocery tax of
// each municipality and county (scripts/content/states/il-local-grocery.ts).
import type { IllinoisContent, TransitPeriod } from '../../../functions/core/content/artifact';
import type { Build } from '../build/build';
import { toMicro } from '../files/csv';
import { localGroceryList } from './il-local-grocery';
import type { StateBuild } from './state-build';

export const illinois = (): StateBuild => ({
  state: 'IL',
  fields: { after: 'state-rates', read: (build, geography) => ({ illinois: illinoisContent(build, geography.rows) }) },
});

function illinoisContent(build: Build, geoRows: readonly { readonly state: string; readonly county: string }[]): IllinoisContent {
  const il = build.load('illinois_rate_components.csv', [
    'component',
    'scope',
    'general_merchandise_rate',
    'qualifying_food_rate',
    'qualifying_drugs_medical_rate',
    'effective_from',
    'effective_to',
    'notes',
    'rate_source',
    'rate_source_kind',
  ]);
  const component = (name: string, scope?: string) => {
    const row = il.find((r) => r.component === name && (scope === undefined || r.scope === scope));
    if (!row) throw new Error(`illinois_rate_components.csv lacks ${name} ${scope ?? ''}`);
    return row;
  };
  const stateRows = il.filter((r) => r.component === 'Illinois state ROT');
  const localGrocery = component('Local grocery tax (municipal or county)');
  const suspension = /suspended (\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})/.exec(stateRows.map((r) => r.notes).join(' '));

  /**
   * The RTA rows, and the NITA rows that continue them, by county ("Cook County" or a list of collar
   * counties); a breakdown names the district in full.
   */
  function transitPeriods(): IllinoisContent['rta'] {
    const out: Record<string, TransitPeriod[]> = {};
    for (const r of il.filter((row) => /^(RTA|NITA) /.test(row.component))) {
      if (r.qualifying_food_rate !== r.qualifying_drugs_medical_rate) throw new Error(`transit food and drug rates differ for ${r.component} ${r.scope}`);
      const period: TransitPeriod = {
        from: r.effective_from || null,
        name: r.component.replace(/^\w+ \((.*)\)$/, '$1').toUpperCase(),
        general: toMicro(r.general_merchandise_rate),
        foodDrugs: toMicro(r.qualifying_food_rate),
        source: build.sourceId(r.rate_source, r.rate_source_kind),
      };
      for (const county of r.scope.replace(/ count(y|ies)$/i, '').split(/, /)) (out[county.toUpperCase()] ??= []).push(period);
    }
    for (const [county, periods] of Object.entries(out)) {
      periods.sort((a, b) => (a.from ?? '').localeCompare(b.from ?? ''));
      if (periods.filter((p) => p.from === null).length !== 1) throw new Error(`transit rates of ${county} need exactly one undated first period`);
    }
    return out;
  }

  /** The date retailers with a place of business in the state, shipping from outside it, turn to destination sourcing. */
  function outOfStateShipments(): string {
    const row = build
      .load('illinois_sourcing_rules.csv', ['effective_from', 'seller_type', 'sourcing'])
      .find(
        (r) => r.seller_type.startsWith('Retailer with an Illinois place of business selling from a location outside Illinois') && r.sourcing === 'destination',
      );
    if (!row || !/^\d{4}-\d{2}-\d{2}$/.test(row.effective_from)) throw new Error('illinois_sourcing_rules.csv lacks the out-of-state shipment rule');
    return row.effective_from;
  }

  return {
    stateRates: stateRows.map((r) => ({
      from: r.effective_from || null,
      to: r.effective_to || null,
      general: toMicro(r.general_merchandise_rate),
      food: toMicro(r.qualifying_food_rate),
      drugs: toMicro(r.qualifying_drugs_medical_rate),
      source: build.sourceId(r.rate_source, r.rate_source_kind),
    })),
    foodSuspensions: suspension ? [{ from: suspension[1]!, to: suspension[2]! }] : [],
    rta: transitPeriods(),
    med: Object.fromEntries(
      il
        .filter((r) => r.component === 'MED (Metro-East Mass Transit District)')
        .map((r) => {
          // MED taxes general merchandise and food/drugs at one rate; a row that says otherwise is not read.
          if (r.general_merchandise_rate !== r.qualifying_food_rate || r.qualifying_food_rate !== r.qualifying_drugs_medical_rate)
            throw new Error(`MED rates differ by class for ${r.scope}`);
          return [r.scope.replace(/ County$/, '').toUpperCase(), toMicro(r.general_merchandise_rate)];
        }),
    ),
    medSource: build.sourceId(
      component('MED (Metro-East Mass Transit District)').rate_source,
      component('MED (Metro-East Mass Transit District)').rate_source_kind,
    ),
    outOfStateShipmentsDestinationFrom: outOfStateShipments(),
    localGroceryFrom: localGrocery.effective_from,
    localGrocery: localGroceryList(build, localGrocery, geoRows),
    names: { county: { COOK: 'COOK COUNTY HOME RULE' } },
  };
}
