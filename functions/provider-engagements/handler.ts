// GET /provider/engagements: the client engagements this provider key may act for.
import { httpHandler, ok } from '../shared/http/handler';
import { pageInMemory } from '../shared/http/pagination';
import { services } from '../shared/services';
import { PageQuerySchema } from '../schemas/common';

export const handler = httpHandler('provider-engagements', { query: PageQuerySchema }, async (request) => {
  const { key, practice } = request.principal;
  // A provider route: the pipeline has checked the key is a provider key of an active practice.
  const visible = practice!.engagements.filter((e) => key.engagementIds === null || key.engagementIds.includes(e.id)).sort((a, b) => b.id - a.id);
  const { data, next_cursor } = pageInMemory(visible, (e) => String(e.id), request.query);
  // Client names are looked up for the page only.
  const views = await Promise.all(
    data.map(async (e) => {
      const client = await services().authenticator.account(e.clientAccountId);
      return { object: 'engagement', id: e.id, ref: e.ref, status: e.status, client: { account_id: e.clientAccountId, name: client?.name ?? null } };
    }),
  );
  return ok({ data: views, next_cursor });
});
