// The figures the guides quote, each kept equal to what the code or the data says: a guide that
// quotes a count, a limit or a default is read here and compared with its source, so that changing
// one without the other fails.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_LIMITS } from '../../functions/core/limits/service-limits';
import { MAX_REQUEST_BODY_BYTES } from '../../lib/gateway-errors';
import { DEFAULT_RUNTIME_SETTINGS } from '../../lib/runtime-settings';
import { OFFICIAL_ANSWERS } from '../fixtures/official-answers';

const ROOT = join(import.meta.dirname, '..', '..');
const GUIDES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const TEXT = new Map(GUIDES.map((g) => [g, readFileSync(join(ROOT, g), 'utf8').replace(/\s+/g, ' ')]));
const number = (text: string) => Number(text.replaceAll(',', ''));

/** Every match of `pattern` over the guides, with the guide it is in. */
function quoted(pattern: RegExp): { guide: string; groups: string[] }[] {
  return [...TEXT].flatMap(([guide, text]) => [...text.matchAll(pattern)].map((m) => ({ guide, groups: m.slice(1) })));
}

describe('figures the guides quote', () => {
  it('the count of official answers and their states, wherever it is quoted', () => {
    const quotes = quoted(/(\d[\d,]*)(?: of (\d[\d,]*))? answers published by state revenue departments \((\d+) states/g);
    expect(quotes.length).toBeGreaterThanOrEqual(2);
    const states = new Set(OFFICIAL_ANSWERS.map((r) => r.state)).size;
    for (const { guide, groups } of quotes) {
      const [count, of, stateCount] = groups;
      expect(number(count!), guide).toBe(OFFICIAL_ANSWERS.length);
      if (of !== undefined) expect(number(of), guide).toBe(OFFICIAL_ANSWERS.length);
      expect(number(stateCount!), guide).toBe(states);
    }
  });

  it('the document, batch and return-job limits', () => {
    const limits = quoted(/([\d,]+) lines a document, ([\d,]+) items a batch, ([\d,]+) a return job/g);
    expect(limits.length).toBeGreaterThanOrEqual(1);
    for (const { guide, groups } of limits)
      expect(groups.map(number), guide).toEqual([SERVICE_LIMITS.max_lines_per_document, SERVICE_LIMITS.batch_max_items, SERVICE_LIMITS.return_job_max_items]);
    for (const { guide, groups } of quoted(/takes 1[–-]([\d,]+) items/g)) expect(number(groups[0]!), guide).toBe(SERVICE_LIMITS.batch_max_items);
  });

  it('the body limit and the sandbox default of the general bucket', () => {
    for (const { guide, groups } of quoted(/a body over (\d+) MB/g)) expect(number(groups[0]!) * 1024 * 1024, guide).toBe(MAX_REQUEST_BODY_BYTES);
    const sandbox = quoted(/the sandbox default is (\d+)\)/g);
    expect(sandbox.length).toBeGreaterThanOrEqual(1);
    for (const { guide, groups } of sandbox) expect(number(groups[0]!), guide).toBe(DEFAULT_RUNTIME_SETTINGS.generalPerMinuteSandbox);
  });
});
