// Reads of the tax content itself: rates at a place and date, the tax code catalog, and the version
// in use. Content is loaded once per process by the port.
import type { Category, SourceKind, StateFacts } from '../core/content/artifact';
import { US_STATES } from '../core/content/states';
import type { Resolution, TaxCode, TaxContent } from '../core/content/tax-content';
import { type Page, type PageRequest, pageInMemory } from '../core/lists/paging';
import { destinationRates, type RateBreakdown } from '../core/tax/engine';
import type { StateSummary } from '../core/taxjar/content';

export interface TaxCodeFilter {
  readonly category?: Category | undefined;
  /** Case-insensitive text found in the code, name or description. */
  readonly q?: string | undefined;
}

export function contentService(content: () => TaxContent) {
  let catalog: { code: TaxCode; search: string }[] | undefined;
  /** The catalog sorted by code, with its search text, built once per process. */
  const sortedCatalog = () =>
    (catalog ??= [...content().taxCodes()]
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((code) => ({ code, search: `${code.code} ${code.name} ${code.description}`.toLowerCase() })));

  return {
    info: () => ({ version: content().version, coverageFrom: content().coverageFrom, versions: content().versions() }),

    /** Per state and DC, its newest rate version and sources (GET /config). */
    ratesAges: () =>
      US_STATES.flatMap((state) => {
        const age = content().ratesAge(state);
        return age === undefined ? [] : [{ state, ...age, localChanges: content().localChangesSummary(state) }];
      }),

    /** How a rate source of the content was obtained (undefined for a label it does not hold). */
    sourceKind: (label: string): SourceKind | undefined => content().sourceKind(label),

    /** The version in force on a date. */
    versionOn: (date: string): string => content().at(date).version,

    /** The general-merchandise breakdown at a destination on a date (GET /rates). */
    rates(zip: string, state: string | undefined, date: string): RateBreakdown {
      return destinationRates(content(), state, zip, date);
    },

    /** Where an address's state and ZIP code resolve to in the newest version (AvaTax's address resolution). */
    resolve: (state: string | undefined, zip: string): Resolution => content().resolve(state, zip),

    taxCodes(filter: TaxCodeFilter, page: PageRequest): Page<TaxCode> {
      const needle = filter.q?.toLowerCase();
      const matching = sortedCatalog().filter(
        (c) => (filter.category === undefined || c.code.category === filter.category) && (needle === undefined || c.search.includes(needle)),
      );
      const found = pageInMemory(matching, (c) => c.code.code, page);
      return { data: found.data.map((c) => c.code), next_cursor: found.next_cursor };
    },

    taxCode: (code: string): TaxCode | undefined => content().taxCode(code),

    /** The whole catalog sorted by code (TaxJar's categories are one unpaged list). */
    allTaxCodes: (): TaxCode[] => sortedCatalog().map((c) => c.code),

    stateFacts: (state: string): StateFacts => content().stateFacts(state),

    /** Per state and DC, the lowest state rate and the mean combined rate of its ZIP codes. */
    stateSummaries(): StateSummary[] {
      return US_STATES.map((state) => {
        const summary = content().rateSummary(state);
        return { state, name: content().stateFacts(state).name, minimumStateRate: summary?.minimumStateRate ?? 0, averageRate: summary?.averageRate ?? 0 };
      });
    },
  };
}

export type ContentService = ReturnType<typeof contentService>;
