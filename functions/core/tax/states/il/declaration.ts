// Illinois seller declarations: a signed statement of the seller's posture (the first fact the
// Illinois sourcing rules read), issued by POST /il-seller-declarations and presented back on
// calculations. The token is `<payload>.<signature>`, both base64url; the signature is HMAC-SHA256
// with the tenant's secret.
// Pure: the caller passes the secret and the instant.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Tenant } from '../../../access/records';
import type { SellerClass } from '../../input';

interface Claims {
  readonly v: 1;
  readonly acct: string;
  readonly env: string;
  readonly sc: SellerClass;
  readonly iat: number;
  readonly exp: number;
}

const sign = (payload: string, secret: string): string => createHmac('sha256', secret).update(payload).digest('base64url');

export function issueDeclaration(tenant: Tenant, sellerClass: SellerClass, issuedAt: Date, expiresAt: Date, secret: string): string {
  if (!secret) throw new Error('a declaration needs the tenant signing secret');
  const claims: Claims = {
    v: 1,
    acct: tenant.accountId,
    env: tenant.environment,
    sc: sellerClass,
    iat: Math.floor(issuedAt.getTime() / 1000),
    exp: Math.floor(expiresAt.getTime() / 1000),
  };
  const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/**
 * True only when the token was signed with this tenant's secret, names this tenant, has not
 * expired and declares the same seller class the request states.
 */
export function declarationVerifies(token: string, tenant: Tenant, sellerClass: string, now: Date, secret: string): boolean {
  if (!secret) return false;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  let claims: Partial<Claims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Claims>;
  } catch {
    return false;
  }
  return (
    claims.v === 1 &&
    claims.acct === tenant.accountId &&
    claims.env === tenant.environment &&
    claims.sc === sellerClass &&
    typeof claims.exp === 'number' &&
    claims.exp * 1000 > now.getTime()
  );
}
