// Builds every HTTP handler from its route entry (functions/manifest/routes): middy keeps the
// envelope and the logging; inside it the typed pipeline runs the order of checks
// (docs/getting-started.md, "The order of checks"), each step receiving what the previous one
// established: authenticate → rate limit → authorize → parse → open the list cursor → (idempotency,
// for POST routes: see post-handler.ts) → the endpoint's own call → seal the reply's cursors. Reads
// are built here without the idempotency layer, so their bundles carry none of it.
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { GenericSchema } from 'valibot';
import { meterAnswer } from '../application/usage';
import { authenticator, authorizer, cursors, freshContent, rateLimiter, usageJournal } from '../composition-root';
import type { PrincipalFor } from '../core/access/authorize';
import type { RouteDef } from '../manifest/route';
import { billedMetric } from '../shared/metrics';
import { logger } from '../shared/powertools';
import { tracingMiddleware } from '../shared/tracer';
import { avataxOwnerNamed } from './avatax-credentials';
import { envelope, type HttpContext, receivedOf, render } from './envelope';
import type { Parsed, Reply } from './request';
import { authenticate, ownerId } from './steps/authenticate';
import { authorize } from './steps/authorize';
import { cursorEdge } from './steps/cursors';
import type { Idempotency } from './steps/idempotency';
import { type BodyOf, type InputSchemas, isStaged, type PathParams, parse, type QueryOf, type StagedBody } from './steps/parse';
import { rateLimit } from './steps/rate-limit';
import { singleHeader } from './validation';

/** What a route's handler receives: its principal, body, query and path parameters as its entry promises. */
export type ApiRequest<R extends RouteDef, BS, QS> = Parsed<PrincipalFor<R>, BodyOf<BS>, QueryOf<QS>, PathParams<R['path']>>;

export type HttpHandler = ((event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>) & {
  /** The request schemas, for the OpenAPI document (scripts/openapi.ts). */
  readonly schemas: { readonly body?: GenericSchema; readonly query?: GenericSchema };
};

export type BodySpec = GenericSchema | StagedBody<unknown> | undefined;

/** A handler of a route that is not a POST (reads, PATCH, DELETE): no Idempotency-Key. */
export function httpHandler<
  R extends RouteDef & { readonly method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' },
  BS extends BodySpec = undefined,
  QS extends GenericSchema | undefined = undefined,
>(route: R, schemas: InputSchemas<BS, QS>, serve: (request: ApiRequest<R, BS, QS>) => Promise<Reply>): HttpHandler {
  return buildHandler(route, schemas, serve, null);
}

/** The one pipeline, with or without the idempotency step. */
export function buildHandler<R extends RouteDef, BS extends BodySpec, QS extends GenericSchema | undefined>(
  route: R,
  schemas: InputSchemas<BS, QS>,
  serve: (request: ApiRequest<R, BS, QS>) => Promise<Reply>,
  idempotency: (() => Idempotency) | null,
): HttpHandler {
  // Built on the first request, not at import: the clients behind the steps are created lazily.
  let steps: ReturnType<typeof pipeline> | undefined;
  const pipeline = () => ({
    authenticate: authenticate(
      authenticator(),
      { tokenForm: route.dialect === 'taxjar', basicForm: route.dialect === 'avatax' },
      route.dialect === 'avatax' ? avataxOwnerNamed : ownerId,
    ),
    rateLimit: rateLimit(rateLimiter(), route.bucket),
    authorize: authorize(authorizer(), route),
    parse: parse(route.path, schemas),
    cursors: cursorEdge(cursors, route),
    idempotency: idempotency?.() ?? null,
  });

  const core = async (event: APIGatewayProxyEvent, context: HttpContext): Promise<APIGatewayProxyResult> => {
    steps ??= pipeline();
    const received = receivedOf(context);
    // A look for newer tax content (never rejects) runs alongside authentication; the endpoint's call
    // waits for it. The flag first: bundles without the content fold it to false (lib/bundling.ts).
    const fresh = process.env.STX_BUNDLE_CONTENT !== '0' && route.content ? freshContent(received.now) : undefined;
    const limited = await steps.rateLimit(await steps.authenticate(received));
    try {
      const request = await steps.cursors.open(steps.parse(await steps.authorize(limited)));
      await fresh;
      const exec = () => serve(request);
      const reply = steps.idempotency
        ? await steps.idempotency(
            singleHeader(request, 'Idempotency-Key'),
            {
              apiKeyId: request.principal.key.id,
              tenant: request.principal.tenant?.accountId ?? '-',
              method: event.httpMethod,
              path: event.path,
              body: request.body,
              context,
            },
            exec,
          )
        : await exec();
      const sealed = await steps.cursors.seal(reply, request.principal, received.now, request.params);
      // A billed call that stores nothing records its unit in the journal once it is answered and
      // before the answer is returned (so a unit the client saw answered is durable): not an
      // idempotent replay (the stored answer), not a refusal (thrown before), not an answer whose
      // idempotency record failed to save (an error; its retry runs and counts).
      const meter = reply.meter === undefined ? route.meter : reply.meter;
      if (meter && !reply.replayed) {
        meterAnswer(usageJournal(), request, meter);
        billedMetric(meter, 1);
      }
      return render(sealed, received.requestId);
    } finally {
      limited.admission.release();
    }
  };

  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext>({ timeoutEarlyInMillis: 0 })
    // Function name, cold start and Lambda request id on every log line of the invocation.
    .use(injectLambdaContext(logger))
    // The invocation's subsegment (a no-op where tracing is off), the SDK calls' subsegments inside it.
    .use(tracingMiddleware())
    .use(envelope(route.id, route.dialect))
    .handler(core);
  const spec: BodySpec = schemas.body;
  const body = spec === undefined ? undefined : isStaged(spec) ? spec.schema : spec;
  return Object.assign(handler, { schemas: { body, query: schemas.query } });
}
