// The Streamlined Sales Tax rate-file reader (scripts/content/readers/sst-rates.ts) on the real
// files of Georgia, Minnesota and Wisconsin for the second quarter of 2026 (data/sst/,
// data/README.md, "Official rate tables"), and on malformed copies of their rows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSstRateFileName, readSstRates, SstFormatError, sstRatesOn } from '../../scripts/content/readers/sst-rates';

const DIR = join(import.meta.dirname, '..', '..', 'data', 'sst');
const read = (file: string) => readSstRates(readFileSync(join(DIR, file), 'utf8'), file);

describe('the rate-file name', () => {
  it('gives the state, quarter and publication date', () => {
    expect(parseSstRateFileName('GAR2026Q2FEB19.csv')).toEqual({ state: 'GA', year: 2026, quarter: 2, published: '2026-02-19' });
    // A first-quarter file is published in the autumn before; a correction during the quarter keeps its year.
    expect(parseSstRateFileName('MNR2026Q1NOV20.csv').published).toBe('2025-11-20');
    expect(parseSstRateFileName('WIR2026Q2APR15.csv').published).toBe('2026-04-15');
    expect(() => parseSstRateFileName('GAB2026Q2FEB19.csv')).toThrow(/not a Streamlined rate file name/);
  });
});

describe('the real files', () => {
  it('reads every row of Georgia, Minnesota and Wisconsin', () => {
    const ga = read('GAR2026Q2FEB19.csv');
    const mn = read('MNR2026Q2FEB18.csv');
    const wi = read('WIR2026Q2FEB18.csv');
    expect([ga.records.length, mn.records.length, wi.records.length]).toEqual([449, 148, 1941]);
    expect([ga.stateFips, mn.stateFips, wi.stateFips]).toEqual(['13', '27', '55']);
  });

  it('answers the rates in force on a date from the periods the file keeps', () => {
    const ga = read('GAR2026Q2FEB19.csv');
    const march = sstRatesOn(ga, '2026-03-01');
    // Georgia: 4 % state, groceries exempt from the state part; counties levy on both.
    expect(march.get('45:13')).toMatchObject({ general: { intrastate: 40_000, interstate: 40_000 }, foodDrug: { intrastate: 0, interstate: 0 } });
    expect(march.get('00:121')?.general.intrastate).toBe(30_000); // Fulton County
    // Cherokee County's rate rises on 2026-04-01 (a row of the second-quarter file).
    expect(march.get('00:057')?.general.intrastate).toBe(20_000);
    expect(sstRatesOn(ga, '2026-04-01').get('00:057')?.general.intrastate).toBe(30_000);
    const wi = sstRatesOn(read('WIR2026Q2FEB18.csv'), '2026-03-01');
    expect(wi.get('45:55')?.general.intrastate).toBe(50_000);
    expect(wi.get('00:079')?.general.intrastate).toBe(9_000); // Milwaukee County 0.9 % from 2024-01-01
    expect(wi.get('01:53000')?.general.intrastate).toBe(20_000); // City of Milwaukee 2 %
    const mn = sstRatesOn(read('MNR2026Q2FEB18.csv'), '2026-03-01');
    expect(mn.get('45:27')?.general.intrastate).toBe(68_750);
  });
});

describe('a malformed file', () => {
  const good = '13,45,13,0.04,0.04,0,0,20110101,29991231';
  const refuse = (text: string) => {
    try {
      readSstRates(text, 'GAR2026Q2FEB19.csv');
    } catch (e) {
      if (e instanceof SstFormatError) return { line: e.line, field: e.field, message: e.message };
      throw e;
    }
    throw new Error('accepted');
  };

  it('is refused with the file, line and field', () => {
    expect(refuse(`${good}\n13,00,121,0.03,0.03,0.03\n`)).toMatchObject({ line: 2, field: 'row' });
    expect(refuse(`${good}\n13,00,121,3%,0.03,0.03,0.03,20110101,29991231`)).toMatchObject({ line: 2, field: 'general rate intrastate' });
    expect(refuse(`${good}\n13,00,121,0.03,0.03,0.03,0.03,20110231,29991231`)).toMatchObject({ line: 2, field: 'effective begin date' });
    expect(refuse(`${good}\n13,00,121,0.03,0.03,0.03,0.03,20120101,20110101`)).toMatchObject({ line: 2, field: 'effective end date' });
    expect(refuse(`${good}\n27,00,121,0.03,0.03,0.03,0.03,20110101,29991231`)).toMatchObject({ line: 2, field: 'state' });
    expect(refuse(`${good}\n13,x,121,0.03,0.03,0.03,0.03,20110101,29991231`)).toMatchObject({ line: 2, field: 'jurisdiction type' });
    expect(refuse('')).toMatchObject({ field: 'file' });
    // Windows line ends and trailing blank lines are part of the format as published.
    expect(readSstRates(`${good}\r\n13,00,121,0.03,0.03,0.03,0.03,20110101,29991231\r\n\r\n`, 'GAR2026Q2FEB19.csv').records).toHaveLength(2);
  });

  it('refuses two periods of one jurisdiction that begin on the same day', () => {
    const text = `${good}\n13,00,121,0.03,0.03,0.03,0.03,20110101,20201231\n13,00,121,0.04,0.04,0.04,0.04,20110101,29991231`;
    expect(refuse(text)).toMatchObject({ line: 3, field: 'effective begin date' });
  });
});

describe('periods that overlap', () => {
  it('are named, and the later one is in force on the shared days (Wisconsin, Menominee County)', () => {
    const wi = read('WIR2026Q2FEB18.csv');
    expect(wi.warnings).toEqual([expect.stringMatching(/^WIR2026Q2FEB18\.csv:48: type 00 code 078 begins on 2020-03-31, inside its period of line 47/)]);
    expect(sstRatesOn(wi, '2020-03-30').get('00:078')?.general.intrastate).toBe(0);
    expect(sstRatesOn(wi, '2020-03-31').get('00:078')?.general.intrastate).toBe(5_000);
    expect(read('GAR2026Q2FEB19.csv').warnings).toEqual([]);
  });
});
