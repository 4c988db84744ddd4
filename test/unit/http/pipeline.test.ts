// The request pipeline's steps, each with fakes (as middy's own middlewares are tested): what each
// establishes, and that they only compose in the order of checks.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Credentials } from '../../../functions/application/authentication';
import type { Admission } from '../../../functions/application/rate-limiting';
import type { AccessPolicy, Principal } from '../../../functions/core/access/authorize';
import type { Limited } from '../../../functions/http/request';
import { authenticate } from '../../../functions/http/steps/authenticate';
import { authorize } from '../../../functions/http/steps/authorize';
import { parse } from '../../../functions/http/steps/parse';
import { rateLimit } from '../../../functions/http/steps/rate-limit';
import { normalizedHeaders, receive, repeatedHeaders } from '../../../functions/http/steps/receive';
import { singleHeader } from '../../../functions/http/validation';
import { apiKey, tenantPrincipal } from '../../support/fakes';

const event = (over: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent =>
  ({
    headers: { Authorization: 'Bearer stx_test_x' },
    body: null,
    isBase64Encoded: false,
    queryStringParameters: null,
    pathParameters: null,
    requestContext: { requestId: 'req-1' },
    ...over,
  }) as APIGatewayProxyEvent;
const NOW = new Date('2026-04-20T10:00:00.000Z');
const credentials: Credentials = { key: apiKey(), account: { id: 'acct_unit', name: 'Unit', modules: ['api_access'], rateLimits: {} }, practice: null };
const admission: Admission = {
  limits: { general: 60, batch_submissions: 10, estimates: 5, estimatesMaxConcurrency: 4 },
  usage: { allowed: true, used: 1, window: { startMs: 0, resetsInSeconds: 60 } },
  release: () => undefined,
};
const received = () => receive(event(), {} as Context, NOW);
const limited = (): Limited => ({ ...received(), credentials, admission });

describe('receive', () => {
  it('lower-cases header names into an object no header name can reach the prototype of', () => {
    const headers = normalizedHeaders({ headers: { 'X-Api-Key': 'k', constructor: 'c', __proto__: 'p', toString: 't' } as never });
    expect(headers['x-api-key']).toBe('k');
    expect(headers.constructor).toBe('c');
    expect(headers.tostring).toBe('t');
    expect(Object.getPrototypeOf(headers)).toBeNull();
    expect(received()).toMatchObject({ requestId: 'req-1', now: NOW });
  });

  it('names every header sent more than once: twice, in two letter cases, or both', () => {
    expect([
      ...repeatedHeaders({ headers: { Authorization: 'b', 'X-Api-Key': 'k' }, multiValueHeaders: { Authorization: ['a', 'b'], 'X-Api-Key': ['k'] } }),
    ]).toEqual(['authorization']);
    // API Gateway keeps names in two letter cases apart; an event without multiValueHeaders counts them too.
    expect([...repeatedHeaders({ headers: { Authorization: 'a', authorization: 'b', 'x-api-key': 'k' } })]).toEqual(['authorization']);
    expect([...repeatedHeaders({ headers: {}, multiValueHeaders: { 'Idempotency-Key': ['k'], 'idempotency-key': ['k'] } })]).toEqual(['idempotency-key']);
    expect(repeatedHeaders({ headers: { constructor: 'c' }, multiValueHeaders: { constructor: ['c'] } }).size).toBe(0);
    const request = receive(event({ multiValueHeaders: { 'X-Simulate': ['a', 'a'] } }), {} as Context, NOW);
    expect(() => singleHeader(request, 'X-Simulate')).toThrow(
      expect.objectContaining({ code: 'validation_error', details: [expect.objectContaining({ code: 'duplicate_value', target: 'header.X-Simulate' })] }),
    );
    expect(singleHeader(received(), 'Authorization')).toBe('Bearer stx_test_x');
  });
});

describe('authenticate', () => {
  it('hands the presented secret to the authenticator and keeps what it found', async () => {
    const seen: string[] = [];
    const step = authenticate({
      authenticate: async (secret) => {
        seen.push(secret);
        return credentials;
      },
    });
    expect((await step(received())).credentials).toBe(credentials);
    expect(seen).toEqual(['stx_test_x']);
    await expect(step(receive(event({ headers: {} }), {} as Context, NOW))).rejects.toMatchObject({ code: 'missing_api_key' });
  });

  it('refuses a credential header sent twice, alike or not, before any lookup', async () => {
    const seen: string[] = [];
    const step = authenticate({
      authenticate: async (secret) => {
        seen.push(secret);
        return credentials;
      },
    });
    const twice = [
      { headers: { Authorization: 'Bearer stx_test_x' }, multiValueHeaders: { Authorization: ['Bearer stx_test_x', 'Bearer stx_test_x'] } },
      { headers: { Authorization: 'Bearer stx_test_x', authorization: 'Bearer stx_test_y' } },
      { headers: { 'X-Api-Key': 'stx_test_x' }, multiValueHeaders: { 'X-Api-Key': ['stx_test_y', 'stx_test_x'] } },
      { headers: { 'x-api-key': 'stx_test_x', 'X-API-KEY': 'stx_test_x' } },
    ];
    for (const over of twice)
      await expect(step(receive(event(over as Partial<APIGatewayProxyEvent>), {} as Context, NOW))).rejects.toMatchObject({ code: 'invalid_api_key' });
    expect(seen).toEqual([]);
  });
});

describe('rate limit', () => {
  it('counts the request in the route bucket', async () => {
    const buckets: string[] = [];
    const step = rateLimit(
      {
        admit: async (_c, bucket) => {
          buckets.push(bucket);
          return admission;
        },
      },
      'batch_submissions',
    );
    expect((await step({ ...received(), credentials })).admission).toBe(admission);
    expect(buckets).toEqual(['batch_submissions']);
  });
});

describe('authorize', () => {
  it('passes the policy and both client headers, and keeps the principal', async () => {
    const policy = { scope: null, credential: 'tenant' } as const satisfies AccessPolicy;
    const principal = tenantPrincipal();
    let asked: unknown;
    const step = authorize(
      {
        authorize: async (p: AccessPolicy, _c: Credentials, headers: unknown) => {
          asked = [p, headers];
          return principal as never;
        },
      },
      policy,
    );
    const request = { ...limited(), headers: normalizedHeaders({ headers: { 'X-Service-Client-Ref': 'acme', 'X-Service-Client-Id': '7' } }) };
    expect((await step(request)).principal).toBe(principal);
    expect(asked).toEqual([policy, { ref: 'acme', id: '7', repeated: [] }]);
    await step({ ...request, repeatedHeaders: new Set(['x-service-client-id']) });
    expect(asked).toEqual([policy, { ref: 'acme', id: '7', repeated: ['X-Service-Client-Id'] }]);
  });
});

describe('parse', () => {
  const authorized = (over: Partial<APIGatewayProxyEvent>) => ({ ...limited(), event: event(over), principal: tenantPrincipal() as Principal });

  it('validates body and query, and names the path parameters of the route', () => {
    const step = parse('/things/{code}/parts/{part}', { body: v.strictObject({ n: v.number() }), query: v.strictObject({ q: v.optional(v.string()) }) });
    const parsed = step(authorized({ body: '{"n":1}', queryStringParameters: { q: 'x' }, pathParameters: { code: 'A', part: 'B' } }));
    expect([parsed.body, parsed.query, parsed.params]).toEqual([{ n: 1 }, { q: 'x' }, { code: 'A', part: 'B' }]);
    expect(() => step(authorized({ body: '{"n":"1"}', pathParameters: { code: 'A', part: 'B' } }))).toThrow(
      expect.objectContaining({ code: 'validation_error' }),
    );
    expect(() => step(authorized({ body: '{', pathParameters: { code: 'A', part: 'B' } }))).toThrow(
      expect.objectContaining({ details: [expect.objectContaining({ code: 'json_invalid' })] }),
    );
  });

  it('refuses a repeated query parameter on a route that reads its query, and ignores it on one that does not', () => {
    const step = parse('/things', { query: v.strictObject({ limit: v.optional(v.string()), cursor: v.optional(v.string()) }) });
    const twice = { queryStringParameters: { limit: '2', cursor: 'b' }, multiValueQueryStringParameters: { limit: ['1', '2'], cursor: ['a', 'b'] } };
    expect(() => step(authorized(twice))).toThrow(
      expect.objectContaining({
        code: 'validation_error',
        details: [
          expect.objectContaining({ code: 'duplicate_value', target: 'query.limit' }),
          expect.objectContaining({ code: 'duplicate_value', target: 'query.cursor' }),
        ],
      }),
    );
    expect(step(authorized({ queryStringParameters: { limit: '2' }, multiValueQueryStringParameters: { limit: ['2'] } })).query).toEqual({ limit: '2' });
    expect(parse('/config', {})(authorized(twice)).query).toBeUndefined();
  });

  it('runs a staged body in its own order', () => {
    const order: string[] = [];
    const stage = (raw: unknown) => {
      order.push('staged');
      return raw;
    };
    const step = parse('/x', { body: { schema: v.unknown(), parse: stage } });
    expect(step(authorized({ body: '[1]' })).body).toEqual([1]);
    expect(order).toEqual(['staged']);
  });
});

describe('order of checks', () => {
  it('only composes in the order of checks (checked by the compiler)', () => {
    const auth = authenticate({ authenticate: async () => credentials });
    const limit = rateLimit({ admit: async () => admission }, 'general');
    const authz = authorize({ authorize: async () => tenantPrincipal() as never }, { scope: null, credential: 'any' } as const);
    // @ts-expect-error the rate limit needs an authenticated request
    void (() => limit(received()));
    // @ts-expect-error authorization needs a request the rate limit has counted
    void (async () => authz(await auth(received())));
    void (async () => authz(await limit(await auth(received()))));
    expect(typeof authz).toBe('function');
  });
});
