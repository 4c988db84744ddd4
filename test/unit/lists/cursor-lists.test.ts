// Which list a reply's cursors continue (functions/http/steps/cursors.ts): `next_cursor` the route's
// own, `items_next_cursor` the route's `/items` list. Every route answering an `items_next_cursor`
// must have that list, or its cursors could never be used.
import { describe, expect, it } from 'vitest';
import { listOf } from '../../../functions/http/steps/cursors';
import { fullPath } from '../../../functions/manifest/route';
import { ROUTES } from '../../../functions/manifest/routes';
import { RESPONSES } from '../../../functions/schemas/responses';

const entriesOf = (schema: unknown): Record<string, unknown> => (schema as { entries?: Record<string, unknown> }).entries ?? {};

describe('cursor lists', () => {
  it('every route answering items_next_cursor has a GET <path>/items list', () => {
    const issuing = ROUTES.filter((route) => 'items_next_cursor' in entriesOf(RESPONSES[route.id].schema));
    expect(issuing.map((r) => r.id).sort()).toEqual(['batches-get', 'return-jobs-get']);
    for (const route of issuing)
      expect(
        ROUTES.some((r) => r.method === 'GET' && fullPath(r) === `${fullPath(route)}/items`),
        route.id,
      ).toBe(true);
  });

  it('names the list and its parent', () => {
    expect(listOf({ path: '/batches/{id}/items' }, { id: 'a' })).not.toBe(listOf({ path: '/batches/{id}/items' }, { id: 'b' }));
    expect(listOf({ path: '/keys' }, {})).not.toBe(listOf({ path: '/locations' }, {}));
    expect(listOf({ path: '/customers' }, {})).not.toBe(listOf({ base: '/taxjar', path: '/customers' }, {}));
    // A parameter value cannot pose as another path: the parameters are JSON.
    expect(listOf({ path: '/x/{id}' }, { id: 'a"} {"b' })).not.toBe(listOf({ path: '/x/{id}' }, { id: 'a' }));
  });
});
