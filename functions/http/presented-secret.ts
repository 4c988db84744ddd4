// Where a request carries its API key: `Authorization: Bearer <key>` or `X-Api-Key: <key>`; both
// present and different is an invalid key. The TaxJar-compatible routes also read the older form
// TaxJar documents, `Authorization: Token token="<key>"`. A request that carries either header more
// than once (alike or not, in any letter case) is refused too: a proxy, WAF or log in front may
// have read another of the values than the one the service would serve.
import { DomainError } from '../core/errors';

export interface SecretForms {
  /** Accept `Authorization: Token token="<key>"` (quotes optional) besides Bearer. */
  readonly tokenForm?: boolean;
}

const BEARER = /^Bearer\s+(\S+)$/i;
const TOKEN = /^Token\s+token=(?:"([^"\s]+)"|([^"\s]+))$/i;

function fromAuthorization(authorization: string, forms: SecretForms): string | undefined {
  const bearer = BEARER.exec(authorization);
  if (bearer) return bearer[1];
  if (!forms.tokenForm) return undefined;
  const token = TOKEN.exec(authorization);
  return token ? (token[1] ?? token[2]) : undefined;
}

const CREDENTIAL_HEADERS = ['authorization', 'x-api-key'] as const;

/**
 * The secret a request presents, from `Authorization` or `X-Api-Key` (lower-cased headers);
 * `repeated`: lower-cased names of headers the request carries more than once.
 */
export function presentedSecret(headers: Record<string, string | undefined>, forms: SecretForms = {}, repeated: ReadonlySet<string> = new Set()): string {
  const twice = CREDENTIAL_HEADERS.find((name) => repeated.has(name));
  if (twice)
    throw new DomainError('invalid_api_key', `${twice === 'authorization' ? 'Authorization' : 'X-Api-Key'} was sent more than once: send one credential.`);
  const authorization = headers.authorization?.trim();
  const apiKeyHeader = headers['x-api-key']?.trim() || undefined;
  let fromHeader: string | undefined;
  if (authorization) {
    fromHeader = fromAuthorization(authorization, forms);
    if (!fromHeader && !apiKeyHeader) throw new DomainError('invalid_api_key', 'The API key is not valid.');
  }
  if (fromHeader && apiKeyHeader && fromHeader !== apiKeyHeader) throw new DomainError('invalid_api_key', 'Authorization and X-Api-Key carry different keys.');
  const secret = fromHeader ?? apiKeyHeader;
  if (!secret) throw new DomainError('missing_api_key', 'Send an API key as "Authorization: Bearer <key>" or "X-Api-Key: <key>".');
  return secret;
}
