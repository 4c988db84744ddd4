// The OpenAPI document's server (functions/http/public-handler.ts apiOrigin): the configured public
// URL, else the request's Host and X-Forwarded-Proto only when they are one well-formed host and
// http(s), else a URL relative to the document. A request can never make it another scheme.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { apiOrigin, resetPublicUrl } from '../../../functions/http/public-handler';
import { receive } from '../../../functions/http/steps/receive';

const request = (headers: Record<string, string>, multiValueHeaders?: Record<string, string[]>) =>
  receive(
    {
      headers,
      multiValueHeaders,
      path: '/api/v1/openapi.json',
      requestContext: { requestId: 'r', path: '/live/api/v1/openapi.json' },
    } as unknown as APIGatewayProxyEvent,
    {} as Context,
    new Date(),
  );

afterEach(() => {
  delete process.env.API_PUBLIC_URL;
  resetPublicUrl();
});

describe('apiOrigin', () => {
  it('names the host and stage the request came through when they are well formed', () => {
    expect(apiOrigin(request({ Host: 'abc123.execute-api.us-east-1.amazonaws.com', 'X-Forwarded-Proto': 'https' }))).toBe(
      'https://abc123.execute-api.us-east-1.amazonaws.com/live',
    );
    expect(apiOrigin(request({ Host: '127.0.0.1:3000' }))).toBe('http://127.0.0.1:3000/live');
    expect(apiOrigin(request({ Host: '[::1]:3000', 'X-Forwarded-Proto': 'HTTP' }))).toBe('http://[::1]:3000/live');
  });

  it('falls back to a relative server for any other scheme or host', () => {
    const hostile: Record<string, string>[] = [
      { Host: 'api.example.com', 'X-Forwarded-Proto': 'javascript' },
      { Host: 'api.example.com', 'X-Forwarded-Proto': 'javascript://' },
      { Host: 'api.example.com', 'X-Forwarded-Proto': 'https, http' },
      { Host: 'api.example.com', 'X-Forwarded-Proto': 'data:text/html,' },
      { Host: 'evil.example/path' },
      { Host: 'user@evil.example' },
      { Host: 'evil.example#' },
      { Host: 'evil.example:99999999' },
      { Host: '"><script>alert(1)</script>' },
      { Host: '' },
      { Host: '-bad-.example' },
      { Host: '[not-ipv6]' },
    ];
    for (const headers of hostile) expect(apiOrigin(request(headers)), JSON.stringify(headers)).toBe('/live');
    expect(apiOrigin(request({ Host: 'a.example' }, { Host: ['a.example', 'b.example'] }))).toBe('/live');
  });

  it('uses the configured public URL whatever the request says, and refuses a configuration that is not an http(s) origin', () => {
    process.env.API_PUBLIC_URL = 'https://tax.example.com/v/';
    expect(apiOrigin(request({ Host: 'evil.example', 'X-Forwarded-Proto': 'http' }))).toBe('https://tax.example.com/v');
    for (const bad of ['javascript://x', 'https://u:p@tax.example.com', 'https://tax.example.com/?q', 'ftp://tax.example.com', 'not a url']) {
      resetPublicUrl();
      process.env.API_PUBLIC_URL = bad;
      expect(() => apiOrigin(request({ Host: 'a.example' })), bad).toThrow(/API_PUBLIC_URL/);
    }
  });
});
