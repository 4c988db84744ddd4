// The access log line the envelope writes once per request: on the AvaTax-compatible routes it
// names the connector calling (its X-Avalara-Client, bounded), on other routes nothing more.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { afterEach, expect, it, vi } from 'vitest';
import { DomainError } from '../../../functions/core/errors';
import { envelope, type HttpContext } from '../../../functions/http/envelope';
import type { ErrorDialect } from '../../../functions/manifest/route';

afterEach(() => vi.restoreAllMocks());

const context = { functionName: 'f', awsRequestId: 'req-1', getRemainingTimeInMillis: () => 1000 } as unknown as Context;
const event = (headers: Record<string, string>) =>
  ({
    httpMethod: 'GET',
    path: '/api/v2/definitions/taxcodes',
    headers,
    multiValueHeaders: {},
    requestContext: { requestId: 'r-1' },
  }) as unknown as APIGatewayProxyEvent;

async function accessLine(dialect: ErrorDialect, headers: Record<string, string>, fail = false): Promise<Record<string, unknown>> {
  const lines: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  const handler = middy<APIGatewayProxyEvent, { statusCode: number; body: string }, Error, HttpContext>()
    .use(envelope('route-1', dialect))
    .handler(async () => {
      if (fail) throw new DomainError('not_found', 'No such thing.');
      return { statusCode: 200, body: '{}' };
    });
  await handler(event(headers), context as HttpContext);
  const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.message === 'request');
  if (!line) throw new Error(`no access log line in ${lines.join('')}`);
  return line;
}

it('names the X-Avalara-Client of an AvaTax request, answered or refused', async () => {
  const client = 'magento; 2.4; PhpRestClient; 26.7.0; web-1';
  expect(await accessLine('avatax', { 'X-Avalara-Client': client })).toMatchObject({ status: 200, avalara_client: client });
  expect(await accessLine('avatax', { 'x-avalara-client': client }, true)).toMatchObject({ status: 404, avalara_client: client });
  expect(await accessLine('avatax', {})).not.toHaveProperty('avalara_client');
  expect(String((await accessLine('avatax', { 'X-Avalara-Client': 'x'.repeat(5000) })).avalara_client)).toHaveLength(256);
});

it('adds nothing on the other routes', async () => {
  expect(await accessLine('contract', { 'X-Avalara-Client': 'x' })).not.toHaveProperty('avalara_client');
  expect(await accessLine('taxjar', { 'X-Avalara-Client': 'x' })).not.toHaveProperty('avalara_client');
});
