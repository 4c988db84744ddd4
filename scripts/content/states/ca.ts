// California: CDTFA's city rates, a table each version names (content_versions.csv ca_cdtfa: "Effective
// Sales and Use Tax Rates"), and the statewide base split of CDTFA's "Detailed Description of the
// Sales & Use Tax Rate" (ca_base_rate_components.csv, data/README.md §7): the 7.25 % is 6 % state and
// the 1.25 % Bradley-Burns local tax, 0.25 % county transportation funds and 1 % city or county
// operations. The ZIP rows carry the same state and county parts (Avalara reports the 1 % operations
// share with the districts, as special): checked, so a filer's state and county lines agree either way.
import type { Parts } from '../build/rate-areas';
import { toMicro } from '../files/csv';
import type { StateBuild } from './state-build';

const BASE_SOURCE = 'CDTFA Detailed Description of the Sales & Use Tax Rate';

/** CDTFA names its city and county table by date: "Effective Sales and Use Tax Rates 1-1-26". */
export function cdtfaLabel(date: string): string {
  const [y, m, d] = date.split('-');
  if (!y || !m || !d) throw new Error(`CDTFA table without an effective date: ${JSON.stringify(date)}`);
  return `CDTFA Effective Sales and Use Tax Rates ${Number(m)}-${Number(d)}-${y.slice(2)}`;
}

export function california(): StateBuild {
  const cityTables: Readonly<Record<string, number>>[] = [];
  let base: { state: number; county: number; city: number } | undefined;
  return {
    state: 'CA',
    versionTable: {
      column: 'ca_cdtfa',
      read(build, file) {
        const cityRates: Record<string, number> = {};
        let label = '';
        if (file) {
          const cdtfa = build.load(file, ['location', 'type', 'combined_rate', 'effective_date']);
          for (const r of cdtfa) if (r.type === 'City' && r.combined_rate) cityRates[r.location.toUpperCase()] = toMicro(r.combined_rate);
          label = cdtfaLabel(cdtfa[0]?.effective_date ?? '');
          build.ages.describe(label, {
            publisher: 'California Department of Tax and Fee Administration (CDTFA)',
            table: label.replace(/^CDTFA /, ''),
            date: cdtfa[0]?.effective_date ?? '',
            kind: 'official_file',
          });
        }
        cityTables.push(cityRates);
        return {
          cityRates,
          labels: label ? [label] : [],
          fields: (b) => ({ caCityRates: cityRates, caCitySource: label === '' ? -1 : b.sourceId(label, 'official_file') }),
        };
      },
      check(build, rows): Parts {
        const parts = build.load('ca_base_rate_components.csv', ['component', 'jurisdiction', 'rate']);
        const part = (jurisdiction: string) => parts.filter((r) => r.jurisdiction === jurisdiction).reduce((sum, r) => sum + toMicro(r.rate), 0);
        const split = { state: part('state'), county: part('county'), city: part('city') };
        for (const column of ['state', 'county'] as const) {
          const values = new Set(rows.flatMap((byZip) => [...byZip.values()].map((r) => r.rates[column])));
          if (values.size !== 1 || !values.has(split[column]))
            throw new Error(`California ZIP rows disagree with CDTFA's ${column}_rate: ${[...values].join(', ')}`);
        }
        const total = split.state + split.county + split.city;
        for (const table of cityTables)
          for (const [city, rate] of Object.entries(table)) if (rate < total) throw new Error(`the CDTFA rate of ${city} is below the California base`);
        base = split;
        return { ...split, special: 0 };
      },
    },
    // A row named for a tourism or business improvement district carries the place's sales taxes:
    // CDTFA's district taxes of its county and, inside a city of CDTFA's table, of that city.
    localTaxName: (row, cityRates) =>
      cityRates?.[row.cityName] === undefined ? `${row.countyName} COUNTY DISTRICT TAXES` : `${row.countyName} COUNTY AND ${row.cityName} DISTRICT TAXES`,
    fields: {
      after: 'boundaries',
      read: (build) => {
        if (!base) throw new Error('the California base is read with the rate versions');
        return { caBaseRates: base, caBaseSource: build.sourceId(BASE_SOURCE, 'official_notice') };
      },
    },
  };
}
