// Where a request carries its API key: `Authorization: Bearer <key>` or `X-Api-Key: <key>`; both
// present and different is an invalid key. The TaxJar-compatible routes also read the older form
// TaxJar documents, `Authorization: Token token="<key>"`; the AvaTax-compatible routes read HTTP
// Basic, `base64(<account>:<key>)`, the key being the password (AvaTax's licence key) and the user
// naming the key's account. A request that carries either header more than once (alike or not, in
// any letter case) is refused too: a proxy, WAF or log in front may have read another of the values
// than the one the service would serve.
import { DomainError } from '../core/errors';

export interface SecretForms {
  /** Accept `Authorization: Token token="<key>"` (quotes optional) besides Bearer. */
  readonly tokenForm?: boolean;
  /** Accept `Authorization: Basic base64(<user>:<key>)` besides Bearer. */
  readonly basicForm?: boolean;
}

/** A presented key, and the user a Basic credential named with it (checked against the key's owner). */
export interface PresentedCredential {
  readonly secret: string;
  readonly user?: string;
}

const BEARER = /^Bearer\s+(\S+)$/i;
const TOKEN = /^Token\s+token=(?:"([^"\s]+)"|([^"\s]+))$/i;
const BASIC = /^Basic\s+([A-Za-z0-9+/]+={0,2})$/i;

/** `user:key`, split on the first colon (a key has none; a user name may not either). */
function fromBasic(encoded: string): PresentedCredential | undefined {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return undefined;
  const secret = decoded.slice(colon + 1);
  return /^\S+$/.test(secret) ? { secret, user: decoded.slice(0, colon) } : undefined;
}

function fromAuthorization(authorization: string, forms: SecretForms): PresentedCredential | undefined {
  const bearer = BEARER.exec(authorization)?.[1];
  if (bearer) return { secret: bearer };
  const token = forms.tokenForm ? TOKEN.exec(authorization) : null;
  const tokenSecret = token?.[1] ?? token?.[2];
  if (tokenSecret) return { secret: tokenSecret };
  const basic = forms.basicForm ? BASIC.exec(authorization)?.[1] : undefined;
  return basic ? fromBasic(basic) : undefined;
}

const CREDENTIAL_HEADERS = ['authorization', 'x-api-key'] as const;

/**
 * The secret a request presents, from `Authorization` or `X-Api-Key` (lower-cased headers);
 * `repeated`: lower-cased names of headers the request carries more than once.
 */
export function presentedSecret(headers: Record<string, string | undefined>, forms: SecretForms = {}, repeated: ReadonlySet<string> = new Set()): string {
  return presentedCredential(headers, forms, repeated).secret;
}

/** The key a request presents and, for a Basic credential, the user it named. */
export function presentedCredential(
  headers: Record<string, string | undefined>,
  forms: SecretForms = {},
  repeated: ReadonlySet<string> = new Set(),
): PresentedCredential {
  const twice = CREDENTIAL_HEADERS.find((name) => repeated.has(name));
  if (twice)
    throw new DomainError('invalid_api_key', `${twice === 'authorization' ? 'Authorization' : 'X-Api-Key'} was sent more than once: send one credential.`);
  const authorization = headers.authorization?.trim();
  const apiKeyHeader = headers['x-api-key']?.trim() || undefined;
  let fromHeader: PresentedCredential | undefined;
  if (authorization) {
    fromHeader = fromAuthorization(authorization, forms);
    if (!fromHeader && !apiKeyHeader) throw new DomainError('invalid_api_key', 'The API key is not valid.');
  }
  if (fromHeader && apiKeyHeader && fromHeader.secret !== apiKeyHeader)
    throw new DomainError('invalid_api_key', 'Authorization and X-Api-Key carry different keys.');
  const credential = fromHeader ?? (apiKeyHeader ? { secret: apiKeyHeader } : undefined);
  if (!credential) throw new DomainError('missing_api_key', 'Send an API key as "Authorization: Bearer <key>" or "X-Api-Key: <key>".');
  return credential;
}
