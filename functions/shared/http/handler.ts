// Builds every HTTP handler from its route entry: one middy pipeline, in the contract's order of
// checks (§1.1): authentication, rate limit, module/credential/scope/client context, validation,
// idempotency, then the endpoint's own logic.
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { GenericSchema, InferOutput } from 'valibot';
import { routeById, type RouteId } from '../../../lib/routes';
import type { Principal } from '../../core/access/authorize';
import type { Tenant } from '../../core/access/records';
import type { EffectiveLimits } from '../../core/limits/rate-limits';
import type { Consumption } from '../../adapters/dynamodb/rate-counter';
import { authentication } from '../middleware/authentication';
import { authorization } from '../middleware/authorization';
import { input } from '../middleware/input';
import { rateLimit } from '../middleware/rate-limit';
import { requestEnvelope } from '../middleware/request-envelope';
import { withIdempotency } from './idempotency';
import { logger } from '../powertools';
import { headersOf, stateOf, type Reply, type StxContext } from './request-state';

type Parsed<S> = S extends GenericSchema ? InferOutput<S> : undefined;

export interface ApiRequest<B, Q> {
  readonly requestId: string;
  readonly now: Date;
  readonly principal: Principal;
  readonly limits: EffectiveLimits;
  readonly usage: Consumption;
  readonly body: B;
  readonly query: Q;
  readonly params: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly event: APIGatewayProxyEvent;
  readonly context: Context;
}

export interface HandlerSchemas<BS, QS> {
  readonly body?: BS;
  readonly query?: QS;
}

export type HttpHandler = ((event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>) & {
  /** The request schemas, for the OpenAPI document (scripts/openapi.ts). */
  readonly schemas: { readonly body?: GenericSchema; readonly query?: GenericSchema };
};

export function httpHandler<BS extends GenericSchema | undefined = undefined, QS extends GenericSchema | undefined = undefined>(
  routeId: RouteId,
  schemas: HandlerSchemas<BS, QS>,
  serve: (request: ApiRequest<Parsed<BS>, Parsed<QS>>) => Promise<Reply>,
): HttpHandler {
  const route = routeById(routeId);
  const core = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const state = stateOf(context);
    const request: ApiRequest<Parsed<BS>, Parsed<QS>> = {
      requestId: state.requestId,
      now: state.now,
      principal: state.principal!,
      limits: state.limits!,
      usage: state.usage!,
      body: state.body as Parsed<BS>,
      query: state.query as Parsed<QS>,
      params: (event.pathParameters ?? {}) as Record<string, string>,
      headers: headersOf(event),
      event,
      context,
    };
    const exec = () => serve(request);
    const reply =
      event.httpMethod === 'POST'
        ? await withIdempotency(request.headers['idempotency-key'], { apiKeyId: state.principal!.key.id, tenant: state.principal!.tenant?.accountId ?? '-', method: event.httpMethod, path: event.path, body: state.body, context }, exec)
        : await exec();
    // The envelope middleware serializes the reply.
    return reply as unknown as APIGatewayProxyResult;
  };
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, StxContext>({ timeoutEarlyInMillis: 0 })
    // Function name, cold start and Lambda request id on every log line of the invocation.
    .use(injectLambdaContext(logger))
    .use(requestEnvelope(route.id))
    .use(httpHeaderNormalizer())
    .use(authentication())
    .use(rateLimit(route.bucket))
    .use(authorization(route))
    .use(input(schemas))
    .handler(core as never);
  return Object.assign(handler, { schemas: { body: schemas.body, query: schemas.query } }) as unknown as HttpHandler;
}

/** The tenant a taxpayer-data route acts for (always set for `tenant` and `organization` routes). */
export function tenantOf(request: { principal: Principal }): Tenant {
  const tenant = request.principal.tenant;
  if (!tenant) throw new Error('route without a tenant');
  return tenant;
}

export const ok = (body: unknown, statusCode = 200, headers?: Record<string, string>): Reply => ({ statusCode, body, headers });
