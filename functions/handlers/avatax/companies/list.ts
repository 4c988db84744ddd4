// GET /api/v2/companies: the companies the key sees (the account's locations and the account
// itself) as CompanyModel rows of a FetchResult. `$include` is accepted and adds nothing.
import { visibleCompanies } from '../../../application/avatax/companies';
import { avataxCompanyPorts } from '../../../composition-root';
import { COMPANY_FIELDS, companyModel } from '../../../core/avatax/companies';
import { avataxParams, LIST_PARAMS } from '../../../core/avatax/params';
import { queryRows } from '../../../core/avatax/rows';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { AVATAX_COMPANIES_LIST } from '../../../manifest/routes/avatax';
import { AvataxListQuerySchema } from '../../../schemas/avatax-reference';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(AVATAX_COMPANIES_LIST, { query: AvataxListQuerySchema }, async (request) => {
  const query = avataxParams(request.query as Record<string, string | undefined>, LIST_PARAMS);
  const { accountId, environment } = request.principal.tenant;
  const rows = (await visibleCompanies(avataxCompanyPorts(), request)).map((c) => companyModel(c, accountId, environment));
  return ok<ResponseOf<'avatax-companies-list'>>(queryRows(rows, query, { types: COMPANY_FIELDS }, { path: request.event.path, params: query }));
});
