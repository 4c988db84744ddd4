// Handlers of routes whose key is optional (AvaTax's ping): the envelope of every route, then the
// authentication step, whose refusal of a missing or unusable key becomes "no credentials" instead
// of a 401. Nothing else of the pipeline runs: such a route reads nothing a key would scope.
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Credentials } from '../application/authentication';
import { authenticator } from '../composition-root';
import { DomainError } from '../core/errors';
import type { RouteDef } from '../manifest/route';
import { logger } from '../shared/powertools';
import { avataxOwnerNamed } from './avatax-credentials';
import { envelope, type HttpContext, receivedOf, render } from './envelope';
import type { HttpHandler } from './handler';
import type { Received, Reply } from './request';
import { authenticate, type OwnerNamed, ownerId } from './steps/authenticate';

/** How a presented credential was read: none, a Bearer or X-Api-Key key, or HTTP Basic. */
export type CredentialForm = 'none' | 'key' | 'basic';

export interface OptionalKeyRequest extends Received {
  /** The usable key presented, or null (none, or one that is not usable). */
  readonly credentials: Credentials | null;
  readonly form: CredentialForm;
}

const REFUSALS = new Set(['missing_api_key', 'invalid_api_key']);

export function optionalKeyHandler<R extends RouteDef & { readonly optionalKey: true; readonly method: 'GET' }>(
  route: R,
  serve: (request: OptionalKeyRequest) => Promise<Reply>,
  ownerNamed: OwnerNamed = route.dialect === 'avatax' ? avataxOwnerNamed : ownerId,
): HttpHandler {
  let step: ReturnType<typeof authenticate> | undefined;
  const core = async (_event: APIGatewayProxyEvent, context: HttpContext): Promise<APIGatewayProxyResult> => {
    const received = receivedOf(context);
    step ??= authenticate(authenticator(), { tokenForm: route.dialect === 'taxjar', basicForm: route.dialect === 'avatax' }, ownerNamed);
    let credentials: Credentials | null = null;
    try {
      credentials = (await step(received)).credentials;
    } catch (error) {
      if (!(error instanceof DomainError && REFUSALS.has(error.code))) throw error;
    }
    const authorization = received.headers.authorization?.trim() ?? '';
    const form: CredentialForm = credentials === null ? 'none' : /^basic\s/i.test(authorization) ? 'basic' : 'key';
    return render(await serve({ ...received, credentials, form }), received.requestId);
  };
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext>({ timeoutEarlyInMillis: 0 })
    .use(injectLambdaContext(logger))
    .use(envelope(route.id, route.dialect))
    .handler(core);
  return Object.assign(handler, { schemas: {} });
}
