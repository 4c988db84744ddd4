// The console's CSV export of batch results: RFC 4180 quoting (checked by parsing it back with
// csv-parse), formula-looking text neutralised, numbers kept as numbers, one row per item.

import type { Schema } from '@salestax/client';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { BATCH_RESULTS_HEADER, batchResultsCsv, csvField, toCsv } from '../../../console/src/csv';

describe('csvField', () => {
  it('quotes only what needs quoting and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('neutralises text a spreadsheet would run as a formula, but not negative amounts', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField(-12.5)).toBe('-12.5');
  });

  it('round-trips through a CSV parser', () => {
    const rows = [
      ['a,b', 'quote " inside', 'line\r\nbreak', ''],
      ['x', 'y', 'z', 'w'],
    ];
    const text = toCsv(['h1', 'h2', 'h3', 'h4'], rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parse(text)).toEqual([['h1', 'h2', 'h3', 'h4'], ...rows]);
  });
});

describe('batchResultsCsv', () => {
  const transaction = { object: 'transaction', code: 'INV-1', total_amount: 100, total_tax: 10.25 } as unknown as Schema<'Transaction'>;
  const calculation = { object: 'calculation', total_amount: 50, total_tax: 0 } as unknown as Schema<'Calculation'>;
  const items: Schema<'BatchItem'>[] = [
    { reference_id: 'r1', operation: 'commit', status: 'succeeded', result: transaction },
    { reference_id: 'r2', operation: 'calculate', status: 'succeeded', result: calculation },
    {
      reference_id: 'r3',
      operation: 'commit',
      status: 'failed',
      error: {
        code: 'validation_error',
        message: 'The request is invalid, see details.',
        request_id: 'req-3',
        severity: 'error',
        details: [
          { code: 'greater_than_equal', message: 'm', target: 'lines.0.amount', severity: 'error' },
          { code: 'missing', message: 'm', target: 'ship_to', severity: 'error' },
        ],
      },
    },
    { reference_id: 'r4', operation: 'commit', status: 'pending' },
  ];

  it('writes one row per item with its result or its error code, message, fields and request id', () => {
    const [header, ...rows] = parse(batchResultsCsv(items)) as string[][];
    expect(header).toEqual([...BATCH_RESULTS_HEADER]);
    expect(rows).toEqual([
      ['r1', 'commit', 'succeeded', 'INV-1', '100', '10.25', '', '', '', ''],
      ['r2', 'calculate', 'succeeded', '', '50', '0', '', '', '', ''],
      [
        'r3',
        'commit',
        'failed',
        '',
        '',
        '',
        'validation_error',
        'The request is invalid, see details.',
        'lines.0.amount: greater_than_equal; ship_to: missing',
        'req-3',
      ],
      ['r4', 'commit', 'pending', '', '', '', '', '', '', ''],
    ]);
  });
});
