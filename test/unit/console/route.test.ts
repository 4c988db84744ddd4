import { describe, expect, it } from 'vitest';
import { href, parseRoute, type Route } from '../../../console/src/route';

describe('console routes', () => {
  it('round-trips every page, with identifiers and transaction codes encoded', () => {
    const routes: Route[] = [
      { page: 'overview' },
      { page: 'batches' },
      { page: 'batches', id: 'bat_0123' },
      { page: 'return-jobs', id: 'rj_9' },
      { page: 'webhooks' },
      { page: 'nexus' },
      { page: 'transactions', code: 'INV/2026:07 a' },
    ];
    for (const route of routes) expect(parseRoute(href(route))).toEqual(route);
    expect(href({ page: 'transactions', code: 'INV/2026' })).toBe('#/transactions/INV%2F2026');
  });

  it('opens the overview for an empty or unknown fragment', () => {
    expect(parseRoute('')).toEqual({ page: 'overview' });
    expect(parseRoute('#/nowhere/else')).toEqual({ page: 'overview' });
  });
});
