// The AvaTax REST v2 compatible routes: AvaTax's own models, as its clients read them. Strict
// clients (the npm client's strict mode) refuse a null where a model names a string or a number,
// so an absent value is left out rather than null.
import * as v from 'valibot';

export const AvataxPingResult = v.strictObject({
  version: v.pipe(v.string(), v.description('The version of the API answering.')),
  authenticated: v.pipe(v.boolean(), v.description('Whether the credentials sent name a usable key; false without credentials.')),
  authenticationType: v.pipe(
    v.picklist(['None', 'UsernamePassword', 'AccountIdLicenseKey', 'OpenIdBearerToken']),
    v.description('How the credentials were sent: `AccountIdLicenseKey` for HTTP Basic, `OpenIdBearerToken` for a Bearer or X-Api-Key key.'),
  ),
  authenticatedUserName: v.optional(v.pipe(v.string(), v.description('The key’s name.'))),
  authenticatedUserId: v.optional(v.pipe(v.number(), v.description('A stable number of the key.'))),
  authenticatedAccountId: v.optional(v.pipe(v.number(), v.description('The numeric AvaTax-style id of the key’s account (or practice).'))),
});
