// X-Ray traces (Powertools Tracer): the AWS SDK clients of the composition root are captured where
// they are made, so a slow request's trace shows which DynamoDB or SQS call took the time. On in the
// stack (active tracing on every function); off on the local runner and in tests unless
// POWERTOOLS_TRACE_ENABLED=true is set (lib/local/runner.ts). Responses are never recorded
// (POWERTOOLS_TRACER_CAPTURE_RESPONSE=false in lib/environment.ts): they hold taxpayer data.
//
// Tracer (and the X-Ray SDK under it) is loaded only where it will trace, inside Lambda with tracing
// not turned off: elsewhere a cold start does not pay for evaluating it (about 10 ms of a bundle's
// init, measured with scripts/bundle.ts).
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { MiddlewareObj } from '@middy/core';

const off = ['false', '0'].includes((process.env.POWERTOOLS_TRACE_ENABLED ?? '').toLowerCase());
const wanted = Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) && !off;

async function load() {
  const [{ Tracer }, { captureLambdaHandler }] = await Promise.all([
    import('@aws-lambda-powertools/tracer'),
    import('@aws-lambda-powertools/tracer/middleware'),
  ]);
  return { tracer: new Tracer({ serviceName: 'salestax' }), captureLambdaHandler };
}

const loaded = wanted ? await load() : null;

/** The process's tracer, where tracing is on (null elsewhere). */
export const tracer: Tracer | null = loaded?.tracer ?? null;

/** The client, its calls recorded as subsegments when tracing is on. */
export const traced = <C>(client: C): C => (tracer?.isTracingEnabled() ? tracer.captureAWSv3Client(client) : client);

/** The invocation's subsegment around a middy handler (nothing where tracing is off). */
// biome-ignore lint/suspicious/noExplicitAny: middy's request types are the handler's; this middleware reads none of them
export const tracingMiddleware = (): MiddlewareObj<any, any, any, any> =>
  loaded ? loaded.captureLambdaHandler(loaded.tracer, { captureResponse: false }) : NO_TRACING;

const NO_TRACING = { before: () => undefined };
