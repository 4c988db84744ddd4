// API Gateway REQUEST authorizer. It does no lookup: it tells API Gateway which usage-plan key the
// request belongs to (the SHA-256 of the presented secret, which is the value of that key's API
// Gateway twin), so usage plans throttle per key before any function runs. API Gateway itself then
// refuses unknown or revoked keys (INVALID_API_KEY, rendered as 401 invalid_api_key); the
// function's own authentication remains the authority on expiry, scopes and everything else.
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { hashApiKey } from '../../application/api-key-secret';
import { DomainError } from '../../core/errors';
import { presentedSecret } from '../../http/presented-secret';
import { normalizedHeaders, repeatedHeaders } from '../../http/steps/receive';
import { AVATAX_BASE_PATH, TAXJAR_BASE_PATH } from '../../manifest/route';

/** A usage identifier no API key can have: requests presenting unreadable credentials. */
const UNUSABLE = hashApiKey('unusable credentials');

export const handler = async (event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
  let usageIdentifierKey: string;
  try {
    // The TaxJar-compatible API also takes TaxJar's older `Token token="<key>"` form, the
    // AvaTax-compatible one HTTP Basic. A credential header sent twice is unusable here as in the
    // function (API Gateway answers 401 invalid_api_key).
    const forms = {
      tokenForm: event.resource?.startsWith(`${TAXJAR_BASE_PATH}/`) ?? false,
      basicForm: event.resource?.startsWith(`${AVATAX_BASE_PATH}/`) ?? false,
    };
    usageIdentifierKey = hashApiKey(presentedSecret(normalizedHeaders(event), forms, repeatedHeaders(event)));
  } catch (error) {
    // No key at all: API Gateway answers UNAUTHORIZED, rendered as 401 missing_api_key.
    if (error instanceof DomainError && error.code === 'missing_api_key') throw new Error('Unauthorized');
    usageIdentifierKey = UNUSABLE;
  }
  return {
    principalId: 'api-key',
    usageIdentifierKey,
    policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }] },
  };
};
