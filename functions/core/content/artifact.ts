// The shape of the compact tax-content artifact built by `npm run content` from data/*.csv.
// Rates are integers in millionths ("micro": 0.0625 → 62500) so no float ever enters tax math.

export type Micro = number;

export const CATEGORIES = [
  'general_tangible',
  'food_groceries',
  'prepared_food',
  'candy',
  'soft_drinks',
  'bottled_water',
  'alcoholic_beverages',
  'dietary_supplements',
  'food_bundle',
  'prescription_drugs',
  'otc_drugs',
  'clothing',
  'digital_goods',
  'saas_cloud',
  'software',
  'publications',
  'services',
  'gift_cards',
  'exempt',
  'shipping',
] as const;

export type Category = (typeof CATEGORIES)[number];

/** How a state treats a category. A category a state does not list is taxable at the full rate. */
export type Treatment =
  | { readonly t: 'taxable' }
  | { readonly t: 'exempt' }
  /**
   * A reduced state rate; local parts as in the ZIP table, none, or a fixed statewide local rate.
   * `source`: where the reduced rates come from (an index of `rateSources`).
   */
  | { readonly t: 'reduced'; readonly state: Micro; readonly local: 'zip' | 'none' | Micro; readonly source?: number }
  /**
   * A state rate of the class's own that is not a reduction (prepared meals at 8 % where goods pay
   * 5.5 %, computer services at 1 % next to 6.35 %): taxed like `reduced`, answered `standard_rated`.
   */
  | { readonly t: 'class_rate'; readonly state: Micro; readonly local: 'zip' | 'none' | Micro; readonly source?: number }
  /** Units priced below `belowCents` are exempt from the state part (and local parts in `localCounties`). */
  | { readonly t: 'threshold'; readonly belowCents: number; readonly localCounties: readonly string[] }
  /** The first `cents` of each unit's price is exempt. */
  | { readonly t: 'first_exempt'; readonly cents: number }
  /** Only a share of the price (per mille) is taxable. */
  | { readonly t: 'base_share'; readonly permille: number }
  /** Delivery charges follow the taxability of the goods they deliver. */
  | { readonly t: 'follows_items' }
  /** Taxed at the full rate, but the source data marks the rule as unverified. */
  | { readonly t: 'unverified' };

export interface StateFacts {
  readonly name: string;
  readonly salesTax: boolean;
  readonly localTax: boolean;
  /** Sourcing of intrastate sales; `hybrid` = state/county/city at origin, districts at destination. */
  readonly intrastate: 'origin' | 'destination' | 'hybrid';
  readonly taxability: Readonly<Partial<Record<Category, Treatment>>>;
  /** The source of each standing treatment of `taxability` (the us_states.csv column's: data/README.md, "3. `us_states.csv`"). */
  readonly citations: Readonly<Partial<Record<Category, string>>>;
}

export interface RatePeriod {
  readonly from: string;
  readonly to: string | null;
  readonly rate: Micro;
  /** Where the rate comes from (an index of `rateSources`). */
  readonly source: number;
}

export interface IllinoisStateRates {
  readonly from: string | null;
  readonly to: string | null;
  readonly general: Micro;
  readonly food: Micro;
  readonly drugs: Micro;
  /** Where the rates come from (an index of `rateSources`). */
  readonly source: number;
}

/** A transit district's Illinois rates from a date (null: before any dated row). */
export interface TransitPeriod {
  readonly from: string | null;
  /** The district's name in a breakdown (the RTA became the NITA). */
  readonly name: string;
  readonly general: Micro;
  readonly foodDrugs: Micro;
  readonly source: number;
}

/** A local grocery rate from a date; 0 = the place levies none. */
export interface GroceryPeriod {
  readonly from: string;
  readonly rate: Micro;
  /** Where the place's answer comes from (an index of `rateSources`). */
  readonly source: number;
}

/** A municipality of the local grocery list: its name, the county the source lists it in, its periods. */
export interface GroceryMunicipality {
  readonly name: string;
  readonly county: string;
  readonly periods: readonly GroceryPeriod[];
}

export interface IllinoisContent {
  /** State ROT by period for general merchandise, qualifying food, and drugs/medical appliances. */
  readonly stateRates: readonly IllinoisStateRates[];
  /** Periods in which the state food rate was suspended (0 %). */
  readonly foodSuspensions: readonly { readonly from: string; readonly to: string }[];
  /** RTA (from 2026-08-01 NITA) rates by county name (upper case), oldest period first. */
  readonly rta: Readonly<Record<string, readonly TransitPeriod[]>>;
  /**
   * Metro-East Mass Transit District rates by county (upper case); it taxes general merchandise and
   * food/drugs alike, in some townships only: a ZIP whose special rate reaches the MED rate is in it.
   */
  readonly med: Readonly<Record<string, Micro>>;
  /** Where the MED rates come from (an index of `rateSources`). */
  readonly medSource: number;
  /** From this date an in-state retailer shipping from outside Illinois sources at destination (S.B. 3362). */
  readonly outOfStateShipmentsDestinationFrom: string;
  /** From this date municipalities and counties may levy a 1 % grocery tax. */
  readonly localGroceryFrom: string;
  /**
   * The local grocery list: municipalities by place key (functions/core/content/place-key.ts), and
   * counties (upper case, as the ZIP table names them), whose rate applies outside municipalities.
   */
  readonly localGrocery: {
    readonly municipalities: Readonly<Record<string, readonly GroceryMunicipality[]>>;
    readonly counties: Readonly<Record<string, readonly GroceryPeriod[]>>;
  };
  /** Home-rule component names for jurisdictions the ZIP table reports as county/city/special. */
  readonly names: { readonly county: Readonly<Record<string, string>> };
}

/** How a line's taxability rule treats it (`lines[].taxability_rule.treatment`). */
export const RULE_TREATMENTS = [
  'general_rate',
  'taxable',
  'exempt',
  'reduced_rate',
  'class_rate',
  'partial_base',
  'price_threshold',
  'first_amount_exempt',
  'follows_goods',
  'unverified',
  'holiday_exempt',
] as const;
export type RuleTreatment = (typeof RULE_TREATMENTS)[number];

/**
 * The rule that set a line's taxability: the state, the class it rules on (a category, an Illinois
 * rate class, or `tax_code:<prefix>`), how it treats the line, from when, and the revenue
 * department's rule it rests on. `effective_from` of a rule older than the data's coverage is the
 * first date the data covers.
 */
export interface TaxabilityBasis {
  readonly state: string;
  readonly class: string;
  readonly treatment: RuleTreatment;
  readonly effective_from: string;
  readonly citation: string;
  readonly summary: string;
}

/** A state's treatment of a category or of tax codes with a prefix, from a date (null: before any dated row). */
export interface TaxabilityRule {
  /** `category:<category>` or `code:<prefix>`. */
  readonly match: string;
  readonly from: string | null;
  readonly treatment: Treatment;
  /** The keyword of the data's treatment (`exempt`, `taxable`, `reduced`, `rate`, `share`). */
  readonly kind: string;
  /** The revenue department's rule: statute or publication, with its date or address. */
  readonly citation: string;
  /** What the rule says, in a sentence (the data row's note). */
  readonly summary: string;
}

/** One item class of a sales-tax holiday: lines of these categories or tax codes, priced per unit within the cap. */
export interface Holiday {
  readonly state: string;
  readonly name: string;
  readonly from: string;
  readonly to: string;
  readonly categories: readonly Category[];
  /** Tax codes (upper case) that qualify whatever their category. */
  readonly codes: readonly string[];
  /** Per-unit price cap in cents; null = no cap. */
  readonly capCents: number | null;
  /** The cap itself qualifies ("$100 or less") or not ("under $100"). */
  readonly capInclusive: boolean;
  /** Local taxes are waived too (otherwise only the state part). */
  readonly localWaived: boolean;
  /** The statute or revenue department's page that sets the holiday. */
  readonly source: string;
}

/**
 * One rate version: a quarterly ZIP table (and the CDTFA city table published with it), in force
 * from `from` until the next version's date. The first version holds every row; each later one
 * only the rows that differ from the version before it and the ZIPs it no longer lists, so adding
 * a version never rewrites an earlier one.
 */
export interface RateVersion {
  readonly version: string;
  readonly from: string;
  readonly source: string;
  /** Per state, fixed-width rows (ZIP_ROW characters) sorted by ZIP: all (first version) or changed/added. */
  readonly zips: Readonly<Record<string, string>>;
  /** Per state, 5-digit ZIPs the version no longer lists, sorted. */
  readonly removed: Readonly<Record<string, string>>;
  /** 5-digit ZIPs the version lists under more than one state, sorted. */
  readonly multiStateZips: string;
  /**
   * Per state, the ZIPs that hold several rate areas (scripts/lib/rate-areas.ts), sorted: ZIP (5
   * digits), then the lowest and the highest combined rate found in it (4 base-36 digits each, in
   * millionths). Every such ZIP of the version is listed (not only changes).
   */
  readonly areas: Readonly<Record<string, string>>;
  /** Per state, the ZIP table its rows come from in this version (an index of `rateSources`). */
  readonly tableSources: Readonly<Record<string, number>>;
  /** California CDTFA rates of incorporated cities in force with this version, by upper-case city name. */
  readonly caCityRates: Readonly<Record<string, Micro>>;
  /** Where `caCityRates` come from (an index of `rateSources`; -1 without a CDTFA table). */
  readonly caCitySource: number;
}

/**
 * The state whose cities `RateVersion.caCityRates` and `ContentArtifact.caBaseRates` hold: the
 * format names those fields for it, so the content reads which state they belong to here.
 */
export const CITY_RATES_STATE = 'CA';

/** Width of one row of `areas`: ZIP, lowest and highest rate. */
export const AREA_ROW = 13;

/** Width of one rate area of `regions`: state, county, city, special, name, and the four parts' sources. */
export const REGION = 9;

/**
 * A region part's source that is the ZIP table of the version in force (its `tableSources` of the
 * state): index 0 of `rateSources`, which holds no label of its own.
 */
export const TABLE_SOURCE = 0;

/** Width of one row of `zips`: ZIP (5 digits), region, county name, city name (3 base-36 digits each). */
export const ZIP_ROW = 14;

/**
 * How a rate's source was obtained, strongest first: the publisher's own rate file or table
 * (`official_file`), the publisher's own text stating the rate — notice, page, statute, quoted or
 * read (`official_notice`), a vendor's rate table (`vendor_table`), or anything else: news, summaries,
 * compilations (`secondary`).
 */
export type SourceKind = 'official_file' | 'official_notice' | 'vendor_table' | 'secondary';
export const SOURCE_KINDS: readonly SourceKind[] = ['official_file', 'official_notice', 'vendor_table', 'secondary'];

/** A publication rates come from: its publisher, the table or file, its date (publication or effective date), and how it was obtained. */
export interface RateSourceFacts {
  readonly publisher: string;
  readonly table: string;
  readonly date: string;
  readonly kind: SourceKind;
}

/**
 * How current a state's rates are: the newest version that states them (a version may restate only
 * some states: the others keep the rows of an older one), and the publications its answers of the
 * state come from. An answer dated more than one quarter after `from` says so (content_older_than_date).
 */
export interface StateRatesAge {
  readonly version: string;
  readonly from: string;
  readonly sources: readonly RateSourceFacts[];
}

/** What a local rate change does: adds a jurisdiction of its own, or sets the county's or the city's part of the ZIP row. */
export type LocalRatePart = 'added' | 'county' | 'city';

export interface LocalRateChange {
  readonly county: string;
  /** The rate areas (the ZIP tables' region names, upper case) it is limited to: a city's tax; absent, the whole county. */
  readonly areas?: readonly string[];
  /** Absent: `added`. */
  readonly part?: Exclude<LocalRatePart, 'added'>;
  /** For a part: the rate it replaces; an area whose part has another rate is left as it is. */
  readonly was?: Micro;
  readonly from: string;
  readonly to: string | null;
  readonly name: string;
  readonly rate: Micro;
  readonly source: number;
}

/** The artifact format this runtime reads; the pipeline writes it (scripts/content/build/artifact.ts). */
export const ARTIFACT_FORMAT = 6;

export interface ContentArtifact {
  readonly format: typeof ARTIFACT_FORMAT;
  /** The newest version's name. */
  readonly version: string;
  /** First date any ZIP rate table is valid for (the oldest version's date). */
  readonly coverage_from: string;
  /** Rate versions, oldest first. */
  readonly versions: readonly RateVersion[];
  readonly sources: readonly { readonly file: string; readonly sha256: string; readonly rows: number }[];
  readonly attribution: readonly string[];
  /** Jurisdiction and place names, joined by newlines; rows refer to them by position. */
  readonly names: string;
  readonly states: Readonly<Record<string, StateFacts>>;
  /**
   * Where each rate comes from — publisher, table and date ("Avalara TaxRates ZIP5 table 202603",
   * "Streamlined Sales Tax, Georgia rate file GAR2026Q2FEB19.csv"): the parts of `regions`, state
   * rate changes and history, California's base and city rates, Illinois components and reduced
   * rates point here by index.
   */
  readonly rateSources: readonly string[];
  /** How each of `rateSources` was obtained (same index; index 0's is that of no source). */
  readonly rateSourceKinds: readonly SourceKind[];
  /** State-part changes on or after coverage (scheduled statutory changes). */
  readonly stateRateChanges: Readonly<Record<string, readonly { readonly from: string; readonly rate: Micro; readonly source: number }[]>>;
  /**
   * Local rate changes after the ZIP tables' date, by state: in force from `from` to `to`
   * (inclusive; null: open) on every ZIP of the postal county `county` (upper case), or only on
   * its rate areas named in `areas`: a tax of its own, or a part's new rate (data/local_rate_changes.csv).
   */
  readonly localRateChanges: Readonly<Record<string, readonly LocalRateChange[]>>;
  /** State rates before coverage, only for states without local tax and with exact dates. */
  readonly stateRateHistory: Readonly<Record<string, readonly RatePeriod[]>>;
  /**
   * Flat rows of REGION numbers: [state, county, city, special, regionName, and the sources of the
   * state, county, city and special parts] (rates in micro, names and sources as indexes).
   */
  readonly regions: readonly number[];
  /** Per state, 5-digit ZIPs the postal tables know but not every rate version rates, sorted. */
  readonly postalOnlyZips: Readonly<Record<string, string>>;
  /** ZIP+4 refinements (none in the bundled data; the format allows them). */
  readonly zip4: Readonly<Record<string, string>>;
  /**
   * Official boundaries by state (polygons and ZIP+4 ranges pointing at regions), each a JSON text of
   * BoundaryData parsed on the state's first lookup (functions/core/content/boundaries.ts): loading
   * the artifact only reads past them. Absent when the data holds none.
   */
  readonly boundaries?: Readonly<Record<string, string>>;
  /**
   * CDTFA's statewide 7.25 % base: state 6 %, county transportation 0.25 % (county) and city or
   * county operations 1 % (city); a California city rate's districts are the rest.
   */
  readonly caBaseRates: { readonly state: Micro; readonly county: Micro; readonly city: Micro };
  /** Where `caBaseRates` come from (an index of `rateSources`). */
  readonly caBaseSource: number;
  /** Dated taxability by state (data/taxability_changes.csv); they take precedence over `states`. */
  readonly taxabilityRules: Readonly<Record<string, readonly TaxabilityRule[]>>;
  /** Sales-tax holidays (data/sales_tax_holidays.csv). */
  readonly holidays: readonly Holiday[];
  /** [code, name, description, category] */
  readonly taxCodes: readonly (readonly [string, string, string, Category])[];
  /**
   * Kentucky exemptions the service can ground only from these dates: a document dated earlier is
   * refused (ky_historical_window_unsupported) rather than taxed on an exemption it cannot source.
   */
  readonly kentucky: { readonly groundableFrom: Readonly<Partial<Record<Category, string>>> };
  readonly illinois: IllinoisContent;
  /** Per state, the newest version that states its rates, and their sources. */
  readonly stateRatesAge: Readonly<Record<string, StateRatesAge>>;
}
