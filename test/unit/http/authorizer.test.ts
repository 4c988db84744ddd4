// The API Gateway REQUEST authorizer names a usage key no API key has whenever the function would
// refuse the credentials as invalid (so API Gateway answers 401 invalid_api_key before any
// function runs): a credential header sent twice included, alike or not.
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../../functions/application/api-key-secret';
import { handler } from '../../../functions/handlers/gateway/authorizer';

type AuthorizerEvent = Parameters<typeof handler>[0];
const event = (headers: Record<string, string>, multiValueHeaders?: Record<string, string[]>): AuthorizerEvent =>
  ({ type: 'REQUEST', resource: '/api/v1/config', methodArn: 'arn:x', headers, multiValueHeaders }) as unknown as AuthorizerEvent;

describe('usage-key authorizer', () => {
  it('names the key of one credential, and no key at all for a credential header sent twice', async () => {
    const one = await handler(event({ Authorization: 'Bearer stx_test_a' }, { Authorization: ['Bearer stx_test_a'] }));
    expect(one.usageIdentifierKey).toBe(hashApiKey('stx_test_a'));
    const twice = [
      event({ Authorization: 'Bearer stx_test_a' }, { Authorization: ['Bearer stx_test_a', 'Bearer stx_test_a'] }),
      event({ Authorization: 'Bearer stx_test_b', authorization: 'Bearer stx_test_a' }),
      event({ 'X-Api-Key': 'stx_test_a' }, { 'X-Api-Key': ['stx_test_b', 'stx_test_a'] }),
    ];
    for (const e of twice) {
      const named = (await handler(e)).usageIdentifierKey;
      expect([hashApiKey('stx_test_a'), hashApiKey('stx_test_b')]).not.toContain(named);
    }
    await expect(handler(event({}))).rejects.toThrow('Unauthorized');
  });
});
