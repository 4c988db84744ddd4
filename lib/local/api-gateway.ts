// What API Gateway (REST, Lambda proxy integration) does in front of the functions: picks the
// resource and method, and builds the v1 proxy event and Lambda context the handler receives.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { fullPath, type RouteDef } from '../../functions/manifest/route';

interface CompiledResource {
  readonly path: string;
  readonly segments: readonly string[];
  readonly routes: Map<string, RouteDef>;
}

export type Match =
  | { readonly kind: 'route'; readonly route: RouteDef; readonly pathParameters: Record<string, string> | null }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'method_not_allowed' };

const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/** A path segment decoded, or null when its percent-encoding is malformed (no resource matches). */
function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Resolves paths like API Gateway: the most specific resource wins (static before `{param}`, left to right). */
export class RouteTable {
  private readonly resources: CompiledResource[] = [];

  constructor(routes: readonly RouteDef[]) {
    const byPath = new Map<string, CompiledResource>();
    for (const route of routes) {
      const path = fullPath(route);
      let resource = byPath.get(path);
      if (!resource) {
        resource = { path, segments: path.split('/').filter(Boolean), routes: new Map() };
        byPath.set(path, resource);
        this.resources.push(resource);
      }
      resource.routes.set(route.method, route);
    }
  }

  match(method: string, requestPath: string): Match {
    const segments = requestPath.split('/').filter(Boolean);
    let best: { resource: CompiledResource; params: Record<string, string>; rank: string } | undefined;
    for (const resource of this.resources) {
      if (resource.segments.length !== segments.length) continue;
      const params: Record<string, string> = Object.create(null);
      let rank = '';
      let ok = true;
      for (let i = 0; i < segments.length && ok; i++) {
        const pattern = resource.segments[i]!;
        if (isParam(pattern)) {
          const value = safeDecode(segments[i]!);
          if (value === null) return { kind: 'not_found' };
          params[pattern.slice(1, -1)] = value;
          rank += '0';
        } else if (pattern === segments[i]) rank += '1';
        else ok = false;
      }
      if (ok && (!best || rank > best.rank)) best = { resource, params, rank };
    }
    if (!best) return { kind: 'not_found' };
    const route = best.resource.routes.get(method);
    if (!route) return { kind: 'method_not_allowed' };
    return { kind: 'route', route, pathParameters: Object.keys(best.params).length ? best.params : null };
  }
}

export interface HttpRequestLike {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingHttpHeaders;
  readonly rawHeaders: readonly string[];
  readonly body: string;
  readonly sourceIp: string;
}

/** The Lambda proxy event API Gateway would send for this request. */
export function proxyEvent(
  request: HttpRequestLike,
  route: RouteDef,
  pathParameters: Record<string, string> | null,
  requestId: string,
  stage: string,
): APIGatewayProxyEvent {
  // Prototype-less maps: a header or query name such as `__proto__` or `constructor` is just a name.
  const headers: Record<string, string> = Object.create(null);
  const multiValueHeaders: Record<string, string[]> = Object.create(null);
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i]!;
    const value = request.rawHeaders[i + 1]!;
    headers[name] = value;
    (multiValueHeaders[name] ??= []).push(value);
  }
  const query: Record<string, string> = Object.create(null);
  const multiQuery: Record<string, string[]> = Object.create(null);
  for (const [name, value] of request.url.searchParams) {
    query[name] = value;
    (multiQuery[name] ??= []).push(value);
  }
  const hasQuery = Object.keys(query).length > 0;
  const now = Date.now();
  return {
    resource: fullPath(route),
    path: request.url.pathname,
    httpMethod: request.method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters,
    stageVariables: null,
    body: request.body === '' ? null : request.body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: request.method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: request.sourceIp,
        user: null,
        userAgent: request.headers['user-agent'] ?? null,
        userArn: null,
      },
      path: request.url.pathname,
      stage,
      requestId,
      requestTimeEpoch: now,
      resourceId: route.id,
      resourcePath: fullPath(route),
    },
  };
}

/** A Lambda context whose deadline is the route's timeout. */
export function lambdaContext(route: RouteDef, stage: string): Context {
  return functionContext(route.id, stage, route.timeoutSeconds ?? 29, route.memoryMb ?? 1024);
}

/**
 * The context Lambda gives an invocation of the stack's function `salestax-<stage>-<functionId>`
 * (a route, a queue worker, a stream consumer, the sweeper), its deadline `timeoutSeconds` away.
 */
export function functionContext(functionId: string, stage: string, timeoutSeconds: number, memoryMb = 1024): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const functionName = `salestax-${stage}-${functionId}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
