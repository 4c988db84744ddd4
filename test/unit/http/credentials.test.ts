// The credential forms a request may present its key in, and the owner a Basic credential names.
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../../functions/application/api-key-secret';
import type { Credentials } from '../../../functions/application/authentication';
import { handler as usageKeyAuthorizer } from '../../../functions/handlers/gateway/authorizer';
import { presentedCredential, presentedSecret } from '../../../functions/http/presented-secret';
import type { Received } from '../../../functions/http/request';
import { authenticate } from '../../../functions/http/steps/authenticate';

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;
const KEY = 'stx_test_abcdefghijklmnopqrstuv';

describe('HTTP Basic credentials', () => {
  it('give the password as the key and the user as the name of its owner, where the route reads them', () => {
    expect(presentedCredential({ authorization: basic(`acct_main:${KEY}`) }, { basicForm: true })).toEqual({ secret: KEY, user: 'acct_main' });
    expect(presentedCredential({ authorization: basic(`123456789:${KEY}`) }, { basicForm: true })).toEqual({ secret: KEY, user: '123456789' });
    expect(presentedCredential({ authorization: `basic ${Buffer.from(`a:${KEY}`).toString('base64')}` }, { basicForm: true }).secret).toBe(KEY);
    expect(presentedSecret({ authorization: `Bearer ${KEY}` }, { basicForm: true })).toBe(KEY);
  });

  it('are refused where the route does not read them, and when they hold no user, no key or a key with blanks', () => {
    expect(() => presentedSecret({ authorization: basic(`a:${KEY}`) })).toThrow(expect.objectContaining({ code: 'invalid_api_key' }));
    for (const text of [KEY, `:${KEY}`, 'acct_main:', `a:${KEY} x`])
      expect(() => presentedSecret({ authorization: basic(text) }, { basicForm: true }), text).toThrow(expect.objectContaining({ code: 'invalid_api_key' }));
    expect(() => presentedSecret({ authorization: 'Basic not base64!' }, { basicForm: true })).toThrow(expect.objectContaining({ code: 'invalid_api_key' }));
    expect(() => presentedSecret({ authorization: basic(`a:${KEY}`), 'x-api-key': 'stx_test_other' }, { basicForm: true })).toThrow(
      expect.objectContaining({ code: 'invalid_api_key' }),
    );
  });

  it("must name the key's owner: the key alone does not do", async () => {
    const credentials = { key: { accountId: 'acct_main', practiceId: null }, account: null, practice: null } as unknown as Credentials;
    const step = authenticate({ authenticate: async () => credentials }, { basicForm: true });
    const request = (authorization: string) => ({ headers: { authorization }, repeatedHeaders: new Set<string>(), now: new Date() }) as unknown as Received;
    await expect(step(request(basic(`acct_main:${KEY}`)))).resolves.toMatchObject({ credentials });
    await expect(step(request(basic(`acct_other:${KEY}`)))).rejects.toMatchObject({ code: 'invalid_api_key' });
    await expect(step(request(`Bearer ${KEY}`))).resolves.toMatchObject({ credentials });
  });

  it('name the usage key of a Basic request in the authorizer on AvaTax resources only', async () => {
    const event = (resource: string) =>
      ({ type: 'REQUEST', resource, methodArn: 'arn:x', headers: { Authorization: basic(`acct_main:${KEY}`) } }) as unknown as Parameters<
        typeof usageKeyAuthorizer
      >[0];
    expect((await usageKeyAuthorizer(event('/api/v2/transactions/create'))).usageIdentifierKey).toBe(hashApiKey(KEY));
    expect((await usageKeyAuthorizer(event('/api/v1/calculations'))).usageIdentifierKey).not.toBe(hashApiKey(KEY));
  });
});
