// The API description is served without a key (contract §10): the OpenAPI document, equal to the
// committed one but for its server, and the reference page, checked in a real browser (Debian's
// chromium driven by playwright-core) when one is installed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { BROWSER, browserNote, launchBrowser } from '../support/browser';
import { api, V1 } from '../support/http';

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
    await page.close();
  }, 90_000);
});
