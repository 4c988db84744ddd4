// POST /il-seller-declarations: a signed Illinois seller-posture declaration for calculations.
import { assertFuture } from '../core/account/key-issuance';
import { issueDeclaration } from '../core/illinois/declaration';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { services } from '../shared/services';
import { forgetTenantConfig, tenantConfig } from '../shared/tenant-config';
import { DeclarationCreateSchema } from './schema';

const DEFAULT_VALIDITY_DAYS = 365;

export const handler = httpHandler('il-declarations-create', { body: DeclarationCreateSchema }, async (request) => {
  const tenant = tenantOf(request);
  const { seller_class, expires_at } = request.body;
  const expiresAt = expires_at ? new Date(expires_at) : new Date(request.now.getTime() + DEFAULT_VALIDITY_DAYS * 86_400_000);
  assertFuture(expiresAt, request.now);
  let { settings } = await tenantConfig(tenant);
  if (!settings.declarationSecret) {
    // First declaration of this tenant: creating the settings item creates its signing secret.
    settings = await services().tenants.updateSettings(tenant, {}, request.now.toISOString());
    forgetTenantConfig(tenant);
  }
  const token = issueDeclaration(tenant, seller_class, request.now, expiresAt, settings.declarationSecret);
  return ok({ object: 'il_seller_declaration', seller_class, expires_at: expiresAt.toISOString(), token }, 201);
});
