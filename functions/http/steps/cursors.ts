// Between parsing and the endpoint, and between the endpoint and rendering: a list's `cursor` query
// parameter is opened for the caller (a cursor altered, cut, foreign or expired is a 422 at
// `query.cursor`, before any store sees it), and the cursors of a reply (`next_cursor`,
// `items_next_cursor`) are sealed for the caller. Routes without cursors pay nothing: the
// deployment's cursor key is read only when a cursor comes in or goes out.
import type { Cursors } from '../../application/cursors';
import type { Principal } from '../../core/access/authorize';
import type { Authorized, Reply } from '../request';

const REPLY_CURSORS = ['next_cursor', 'items_next_cursor'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function cursorEdge(cursors: () => Cursors) {
  return {
    async open<R extends Authorized & { readonly query: unknown }>(request: R): Promise<R> {
      const { query } = request;
      if (!isRecord(query) || typeof query.cursor !== 'string') return request;
      return { ...request, query: { ...query, cursor: await cursors().open(query.cursor, request.principal, request.now) } };
    },
    async seal(reply: Reply, principal: Principal, now: Date): Promise<Reply> {
      const { body } = reply;
      if (!isRecord(body) || !REPLY_CURSORS.some((name) => typeof body[name] === 'string')) return reply;
      const sealed: Record<string, unknown> = { ...body };
      for (const name of REPLY_CURSORS) {
        const position = body[name];
        if (typeof position === 'string') sealed[name] = await cursors().seal(position, principal, now);
      }
      return { ...reply, body: sealed };
    },
  };
}
