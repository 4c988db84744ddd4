// GET /api/v2/utilities/ping: whether the credentials sent work, as AvaTax answers it: 200 with
// `authenticated: false` for no key or an unusable one (connectors call it to check their settings).
import { accountNumber, stableNumber } from '../../../core/avatax/ids';
import { optionalKeyHandler } from '../../../http/optional-key-handler';
import { ok } from '../../../http/request';
import { AVATAX_PING } from '../../../manifest/routes/avatax';
import type { ResponseOf } from '../../../schemas/responses';

/** The version of the AvaTax-compatible API, as the OpenAPI document states it. */
const VERSION = '1.1.0';

export const handler = optionalKeyHandler(AVATAX_PING, async ({ credentials, form }) => {
  if (credentials === null) return ok<ResponseOf<'avatax-ping'>>({ version: VERSION, authenticated: false, authenticationType: 'None' });
  const { key } = credentials;
  const owner = key.accountId ?? key.practiceId;
  return ok<ResponseOf<'avatax-ping'>>({
    version: VERSION,
    authenticated: true,
    authenticationType: form === 'basic' ? 'AccountIdLicenseKey' : 'OpenIdBearerToken',
    authenticatedUserName: key.name,
    authenticatedUserId: stableNumber('key', key.id),
    ...(owner === null ? {} : { authenticatedAccountId: accountNumber(owner) }),
  });
});
