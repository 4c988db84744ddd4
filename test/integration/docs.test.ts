// The API description is served without a key: the OpenAPI document, equal to the committed one but
// for its server, and the reference page, checked in a real browser (Debian's chromium driven by
// playwright-core) when one is installed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { BROWSER, browserNote, launchBrowser } from '../support/browser';
import { api, apiWithHeaders, V1 } from '../support/http';
import { policyOf, sha256 } from '../support/page-policy';

const COMMITTED = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string }>>;
};
const OPERATIONS = Object.entries(COMMITTED.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));

describe('the API description', () => {
  it('serves the committed OpenAPI document without a key, its server set to this deployment', async () => {
    const res = await api('GET', `${V1}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.servers).toEqual([{ url: inject('baseUrl') }]);
    expect({ ...res.body, servers: undefined }).toEqual({ ...COMMITTED, servers: undefined });
  });

  it('serves the reference page without a key, with its renderer inlined (no CDN)', async () => {
    const res = await api('GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('SwaggerUIBundle');
    expect(res.text).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
  });

  it('sends a Content-Security-Policy admitting exactly its inlined blocks, no framing, nosniff; Swagger UI keeps no key', async () => {
    const res = await api('GET', '/docs');
    const policy = policyOf(res.headers);
    const blocks = (tag: string) => [...res.text.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => sha256(m[1]!));
    expect(policy).toEqual({
      'default-src': ["'none'"],
      'script-src': blocks('script'),
      'style-src': blocks('style'),
      'connect-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(policy['script-src']).toHaveLength(2);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.text).toContain('persistAuthorization: false');
    expect(res.text).not.toContain('persistAuthorization: true');
  });

  it("takes the document's server from a well-formed Host and http(s) only, else answers a relative one", async () => {
    const served = async (headers: readonly (readonly [string, string])[]) => (await apiWithHeaders('GET', `${V1}/openapi.json`, headers)).body.servers;
    expect(await served([['X-Forwarded-Proto', 'https']])).toEqual([{ url: inject('baseUrl').replace(/^http:/, 'https:') }]);
    for (const proto of ['javascript', 'data', 'https://evil.example/#', 'http, https'])
      expect(await served([['X-Forwarded-Proto', proto]]), proto).toEqual([{ url: '/' }]);
    expect(
      await served([
        ['X-Forwarded-Proto', 'https'],
        ['X-Forwarded-Proto', 'https'],
      ]),
    ).toEqual([{ url: '/' }]);
    // A second Host header (the helper sends the real one first).
    expect(await served([['Host', 'evil.example']])).toEqual([{ url: '/' }]);
  });

  it('runs no authentication: an unknown key does not matter', async () => {
    expect((await api('GET', `${V1}/openapi.json`, { key: 'stx_test_not_a_key_at_all' })).status).toBe(200);
    expect((await api('GET', '/docs', { key: 'stx_test_not_a_key_at_all' })).status).toBe(200);
  });
});

describe.skipIf(!BROWSER)(`the reference page in a browser (${browserNote})`, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => browser?.close());

  it('renders every operation, loads nothing from elsewhere, and "try it" reaches the local API', async () => {
    const base = inject('baseUrl');
    const page = await browser.newPage();
    // What a key left by an earlier version of the page (persistAuthorization) would look like.
    await page.addInitScript(`
      if (location.pathname.endsWith('/docs') && !sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('authorized', JSON.stringify({ bearer: { value: 'stx_test_left_behind' } }));
      }
      globalThis.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => globalThis.violations.push(e.violatedDirective + ' ' + e.blockedURI));
    `);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await page.goto(`${base}/docs`);
    await page.waitForSelector('.opblock', { timeout: 30_000 });
    const rendered = await page.$$eval('.opblock', (blocks) =>
      blocks.map(
        (b) => `${b.querySelector('.opblock-summary-method')?.textContent?.trim()} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
      ),
    );
    expect(rendered.sort()).toEqual([...OPERATIONS].sort());

    // Try it: authorize with a key, open GET /api/v1/config and execute it from the page.
    await page.evaluate(
      (key) => (globalThis as unknown as { ui: { preauthorizeApiKey(name: string, key: string): void } }).ui.preauthorizeApiKey('bearer', key),
      KEYS.admin,
    );
    const block = page.locator('#operations-config-config-get');
    await block.locator('.opblock-summary').click();
    const answered = page.waitForResponse((r) => r.url() === `${base}${V1}/config`);
    await block.locator('button.execute').click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => block.locator('.live-responses-table tbody .response-col_status').first().textContent()).toContain('200');
    expect(foreign).toEqual([]);
    // The key is in the tab's memory only: nothing in local or session storage holds it.
    const stored = await page.evaluate('JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })');
    expect(stored).not.toContain(KEYS.admin);
    expect(stored).not.toContain('stx_test_left_behind');
    expect(await page.evaluate('globalThis.violations')).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);
});
