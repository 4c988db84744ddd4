// How a data row's source text becomes the label an answer cites: the first publication it names,
// never a citation cut inside its parentheses.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstClause } from '../../scripts/content/build/source-text';

describe('source labels', () => {
  it('take the first clause outside parentheses', () => {
    expect(firstClause('A (B; c); D')).toBe('A (B; c)');
    expect(firstClause('36 M.R.S. 1811 (Bulletin 27, Prepared Food; 8 % from 2013)')).toBe('36 M.R.S. 1811 (Bulletin 27, Prepared Food; 8 % from 2013)');
    expect(firstClause('one; two')).toBe('one');
    expect(firstClause('no clause ')).toBe('no clause');
  });

  it('leave no source of the shipped content with an unclosed parenthesis', () => {
    const content = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'content', 'tax-content.json'), 'utf8')) as { rateSources: string[] };
    const open = content.rateSources.filter((s) => [...s].filter((c) => c === '(').length !== [...s].filter((c) => c === ')').length);
    expect(open).toEqual([]);
  });
});
