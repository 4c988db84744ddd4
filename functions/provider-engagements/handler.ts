// GET /provider/engagements: the client engagements this provider key may act for.
import { DomainError } from '../core/errors';
import { httpHandler, ok } from '../shared/http/handler';
import { pageInMemory } from '../shared/http/pagination';
import { services } from '../shared/services';
import { PageQuerySchema } from '../schemas/common';

export const handler = httpHandler('provider-engagements', { query: PageQuerySchema }, async (request) => {
  const { key, practice } = request.principal;
  if (!practice) throw new DomainError('provider_key_required', 'This endpoint needs a service-provider portfolio key.');
  const visible = practice.engagements.filter((e) => key.engagementIds === null || key.engagementIds.includes(e.id));
  const views = await Promise.all(
    [...visible]
      .sort((a, b) => b.id - a.id)
      .map(async (e) => {
        const client = await services().authenticator.account(e.clientAccountId);
        return { object: 'engagement', id: e.id, ref: e.ref, status: e.status, client: { account_id: e.clientAccountId, name: client?.name ?? null } };
      }),
  );
  return ok(pageInMemory(views, (v) => String(v.id), request.query));
});
