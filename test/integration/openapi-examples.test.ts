// Every operation's request example in openapi.json works: sent to the local runner with the test
// seed, in the order of the lifecycle the examples tell (test/support/openapi-scenario.ts), each
// gets the success status the document declares, and every answer conforms to the document (the
// HTTP helper checks it). These are the requests "Try it out" on /docs starts from, and the page
// sends one of them as it stands (a browser test, where chromium is installed).
// Local runner only: the examples' codes (INV-1001, TJ-1001, C-ACME, …) are fixed, so they commit
// once per fresh runner; a deployed stage keeps them from an earlier run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../functions/manifest/routes';
import { KEYS } from '../fixtures/seed';
import { BROWSER, browserNote, launchBrowser } from '../support/browser';
import { api, V1 } from '../support/http';
import { type ApiDocument, runExamples, SCENARIO_ORDER } from '../support/openapi-scenario';
import { describeLocal, REMOTE } from '../support/target';

const DOCUMENT = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'openapi.json'), 'utf8')) as ApiDocument;

describeLocal('the request examples of the API description', () => {
  it('cover every operation of the route manifest once', () => {
    const ids = ROUTES.map((r) => r.id);
    expect([...SCENARIO_ORDER].sort()).toEqual([...ids].sort());
    expect(new Set(SCENARIO_ORDER).size).toBe(ids.length);
    const documented = Object.values(DOCUMENT.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(documented.sort()).toEqual([...ids].sort());
  });

  it('each gets its documented success status from the local runner', async () => {
    const outcomes = await runExamples(DOCUMENT, async ({ method, path, key, headers, body }) => {
      const res = await api(method, path, { key, headers, body });
      return { status: res.status, body: res.body };
    });
    const got = outcomes.map(
      (o) => `${o.id} ${o.request.method} ${o.request.path} → ${o.status}${o.status === o.documented ? '' : ` ${JSON.stringify(o.body).slice(0, 400)}`}`,
    );
    const wanted = outcomes.map((o) => `${o.id} ${o.request.method} ${o.request.path} → ${o.documented}`);
    expect(got).toEqual(wanted);
    expect(outcomes.map((o) => o.id)).toEqual(SCENARIO_ORDER);
  }, 180_000);
});

describe.skipIf(!BROWSER || REMOTE)(`"Try it out" on /docs (${browserNote})`, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => browser?.close());

  it('executes POST /calculations with the body the page starts from, and gets 200', async () => {
    const base = inject('baseUrl');
    const page = await browser.newPage();
    await page.goto(`${base}/docs`);
    await page.waitForSelector('.opblock', { timeout: 30_000 });
    await page.evaluate(
      (key) => (globalThis as unknown as { ui: { preauthorizeApiKey(name: string, key: string): void } }).ui.preauthorizeApiKey('bearer', key),
      KEYS.admin,
    );
    const block = page.locator('#operations-calculations-calculations-create');
    await block.locator('.opblock-summary').click();
    const body = await block.locator('textarea.body-param__text').inputValue();
    expect(JSON.parse(body)).toEqual(
      (DOCUMENT.paths[`${V1}/calculations`]!.post as unknown as { requestBody: { content: { 'application/json': { example: unknown } } } }).requestBody.content[
        'application/json'
      ].example,
    );
    const answered = page.waitForResponse((r) => r.url() === `${base}${V1}/calculations` && r.request().method() === 'POST');
    await block.locator('button.execute').click();
    expect((await answered).status()).toBe(200);
    await page.close();
  }, 90_000);
});
