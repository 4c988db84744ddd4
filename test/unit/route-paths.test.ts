// The route manifest's paths as API Gateway builds them into one resource tree: where two routes
// share a path up to a variable segment, that segment has one name (`/companies/{companyCode}/…` for
// every route below /companies), since a resource holds one variable child. The local runner
// matches by position and would not notice, so the manifest is checked here.
import { describe, expect, it } from 'vitest';
import { fullPath } from '../../functions/manifest/route';
import { ROUTES } from '../../functions/manifest/routes';

describe('the route paths', () => {
  it('name each variable segment under one parent the same way', () => {
    const variables = new Map<string, Set<string>>();
    for (const route of ROUTES) {
      const segments = fullPath(route).split('/').filter(Boolean);
      segments.forEach((segment, i) => {
        if (!segment.startsWith('{')) return;
        const parent = `/${segments.slice(0, i).join('/')}`;
        (variables.get(parent) ?? variables.set(parent, new Set()).get(parent)!).add(segment);
      });
    }
    const clashes = [...variables].filter(([, names]) => names.size > 1).map(([parent, names]) => `${parent}: ${[...names].join(' ')}`);
    expect(clashes).toEqual([]);
  });
});
