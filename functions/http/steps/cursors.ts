// Between parsing and the endpoint, and between the endpoint and rendering: a list's `cursor` query
// parameter is opened for the caller (a cursor altered, cut, foreign or expired is a 422 at
// `query.cursor`, before any store sees it), and the cursors of a reply (`next_cursor`,
// `items_next_cursor`) are sealed for the caller. A cursor is also sealed for the list that issued
// it and that list's parent (the route's path with its parameters: one batch's item cursor is not
// another's): `next_cursor` continues the route's own list, `items_next_cursor` the list of the
// route's `/items` (GET /batches/{id} hands out the first page of GET /batches/{id}/items). Routes
// without cursors pay nothing: the deployment's cursor key is read only when a cursor comes in or
// goes out.

import type { Cursors } from '../../application/cursors';
import type { Principal } from '../../core/access/authorize';
import type { RouteDef } from '../../manifest/route';
import { fullPath } from '../../manifest/route';
import type { Authorized, Reply } from '../request';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The list a cursor belongs to: a route's path template and the values of its parameters. */
export const listOf = (route: Pick<RouteDef, 'base' | 'path'>, params: Readonly<Record<string, string>>): string =>
  `${fullPath(route)} ${JSON.stringify(params)}`;

/** Where each cursor of a reply continues: the route's own list, or its items' list. */
const REPLY_CURSORS = { next_cursor: '', items_next_cursor: '/items' } as const;

export function cursorEdge(cursors: () => Cursors, route: Pick<RouteDef, 'base' | 'path'>) {
  return {
    async open<R extends Authorized & { readonly query: unknown; readonly params: Readonly<Record<string, string>> }>(request: R): Promise<R> {
      const { query } = request;
      if (!isRecord(query) || typeof query.cursor !== 'string') return request;
      const cursor = await cursors().open(query.cursor, request.principal, request.now, listOf(route, request.params));
      return { ...request, query: { ...query, cursor } };
    },
    async seal(reply: Reply, principal: Principal, now: Date, params: Readonly<Record<string, string>>): Promise<Reply> {
      const { body } = reply;
      if (!isRecord(body) || !Object.keys(REPLY_CURSORS).some((name) => typeof body[name] === 'string')) return reply;
      const sealed: Record<string, unknown> = { ...body };
      for (const [name, suffix] of Object.entries(REPLY_CURSORS)) {
        const position = body[name];
        if (typeof position === 'string')
          sealed[name] = await cursors().seal(position, principal, now, listOf({ ...route, path: route.path + suffix }, params));
      }
      return { ...reply, body: sealed };
    },
  };
}
