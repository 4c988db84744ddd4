// Where a request carries its API key (contract §1.3): `Authorization: Bearer <key>` or
// `X-Api-Key: <key>`; both present and different is an invalid key.
import { DomainError } from '../core/errors';

/** The secret a request presents, from `Authorization: Bearer` or `X-Api-Key` (lower-cased headers). */
export function presentedSecret(headers: Record<string, string | undefined>): string {
  const authorization = headers.authorization?.trim();
  const apiKeyHeader = headers['x-api-key']?.trim() || undefined;
  let bearer: string | undefined;
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match) {
      if (!apiKeyHeader) throw new DomainError('invalid_api_key', 'The API key is not valid.');
    } else bearer = match[1];
  }
  if (bearer && apiKeyHeader && bearer !== apiKeyHeader) throw new DomainError('invalid_api_key', 'Authorization and X-Api-Key carry different keys.');
  const secret = bearer ?? apiKeyHeader;
  if (!secret) throw new DomainError('missing_api_key', 'Send an API key as "Authorization: Bearer <key>" or "X-Api-Key: <key>".');
  return secret;
}
