// A state's standing taxability: the treatment of each product class as us_states.csv's columns state
// it (data/README.md §3), and the publication each treatment comes from. The reduced and local-only
// grocery rates with their dates are rows of taxability_changes.csv and take precedence
// (scripts/content/build/taxability-rules.ts); this is the standing reading of the state-level
// columns. Where a column holds prose, its reading is written out here.
import type { Category, Treatment } from '../../../functions/core/content/artifact';
import { toMicro } from '../files/csv';
import type { StateTaxability } from '../states/state-build';
import type { Build } from './build';

/** The columns of us_states.csv read here. */
export type TaxabilityColumns = Readonly<
  Record<
    | 'state'
    | 'groceries'
    | 'groceries_state_rate'
    | 'groceries_local_tax_may_apply'
    | 'prescription_drugs'
    | 'otc_drugs'
    | 'clothing'
    | 'clothing_note'
    | 'shipping'
    | 'shipping_note'
    | 'digital_goods'
    | 'saas',
    string
  >
>;

/** The standing grocery treatment's source (us_states.csv groceries columns, data/README.md §3). */
const STANDING_GROCERIES =
  'Federation of Tax Administrators, State Sales Tax Rates and Food & Drug Exemptions (2023-01-01), with later changes (data/us_states.csv)';
const FTA_DRUGS = 'Federation of Tax Administrators, State Sales Tax Rates and Food & Drug Exemptions (2023-01-01) (data/us_states.csv)';

function groceries(r: TaxabilityColumns, build: Build): Treatment | undefined {
  const local = r.groceries_local_tax_may_apply;
  switch (r.groceries) {
    case 'exempt':
      return local === 'yes' ? { t: 'reduced', state: 0, local: 'zip', source: build.sourceId(STANDING_GROCERIES, 'secondary') } : { t: 'exempt' };
    case 'reduced':
      return {
        t: 'reduced',
        state: toMicro(r.groceries_state_rate),
        local: local === 'no' ? 'none' : 'zip',
        source: build.sourceId(STANDING_GROCERIES, 'secondary'),
      };
    default:
      return undefined; // taxable, or no sales tax at all
  }
}

function simple(value: string): Treatment | undefined {
  if (value.startsWith('exempt')) return { t: 'exempt' };
  if (value === 'verify') return { t: 'unverified' };
  return undefined; // taxable, local, conditional, n/a: full rate
}

function clothing(r: TaxabilityColumns, own: StateTaxability | undefined): Treatment | undefined {
  if (r.clothing !== 'partial') return simple(r.clothing);
  const below = /under \$(\d+)/.exec(r.clothing_note);
  if (below) return { t: 'threshold', belowCents: Number(below[1]) * 100, localCounties: own?.clothingLocalCounties ?? [] };
  const first = /first \$(\d+)/.exec(r.clothing_note);
  if (first) return { t: 'first_exempt', cents: Number(first[1]) * 100 };
  throw new Error(`unreadable clothing_note for ${r.state}: ${r.clothing_note}`);
}

function shipping(r: TaxabilityColumns): Treatment | undefined {
  if (r.shipping === 'taxable' && /when the item is taxable/.test(r.shipping_note)) return { t: 'follows_items' };
  return simple(r.shipping);
}

function saas(r: TaxabilityColumns): Treatment | undefined {
  const share = /(\d+)% of price/.exec(r.saas);
  if (share) return { t: 'base_share', permille: Number(share[1]) * 10 };
  return simple(r.saas);
}

/** The treatments that differ from the full rate, by product class. */
export function standingTaxability(r: TaxabilityColumns, build: Build, own: StateTaxability | undefined): Partial<Record<Category, Treatment>> {
  const rules: Partial<Record<Category, Treatment | undefined>> = {
    food_groceries: groceries(r, build),
    prescription_drugs: simple(r.prescription_drugs),
    otc_drugs: simple(r.otc_drugs),
    clothing: clothing(r, own),
    shipping: shipping(r),
    digital_goods: simple(r.digital_goods),
    saas_cloud: saas(r),
    // Not columns of us_states.csv: gift cards are not a sale of goods anywhere; 99999 is exempt by
    // definition; services are taxed at the full rate with a warning (see the engine).
    gift_cards: { t: 'exempt' },
    exempt: { t: 'exempt' },
  };
  return Object.fromEntries(Object.entries(rules).filter(([, t]) => t !== undefined)) as Partial<Record<Category, Treatment>>;
}

/** Where each standing treatment comes from: the us_states.csv column's sources (data/README.md §3), or the state's own publication. */
export function standingCitations(
  r: TaxabilityColumns,
  taxability: Partial<Record<Category, Treatment>>,
  own: StateTaxability | undefined,
): Partial<Record<Category, string>> {
  const all: Record<string, string> = {
    food_groceries: STANDING_GROCERIES,
    prescription_drugs: FTA_DRUGS,
    otc_drugs: FTA_DRUGS,
    clothing: 'State clothing rules as compiled in data/us_states.csv (clothing_note; data/README.md §3)',
    shipping: `Delivery charges: TaxJar, Is shipping taxable? with the statute-cited table of support.invoicemaker.com (data/us_states.csv shipping: ${r.shipping_note || r.shipping})`,
    digital_goods:
      'help.doola.com, Sales Tax Applicability for Online Services (about 2022-23), adjusted as data/README.md §3 lists (data/us_states.csv digital_goods)',
    saas_cloud: 'help.doola.com, Sales Tax Applicability for Online Services (about 2022-23), adjusted as data/README.md §3 lists (data/us_states.csv saas)',
    gift_cards: 'A gift card is a stored-value instrument, not a sale of tangible personal property; tax applies when it is redeemed (data/README.md §6)',
    exempt: 'TaxJar product tax code 99999 Other Exempt: exempt by definition (data/README.md §6)',
  };
  const cited = own?.citations ?? {};
  return Object.fromEntries(Object.keys(taxability).map((c) => [c, cited[c as Category] ?? all[c]!])) as Partial<Record<Category, string>>;
}
