// The operations console (GET /console, docs/console.md). Over HTTP: the page answers without a key
// with a strict Content-Security-Policy whose hashes admit exactly its inlined script and style. In
// Debian's chromium (skipped, saying why, without one): sign in by keyboard with a key kept in
// sessionStorage only, every page, a batch watched until it completes and its results downloaded, a
// transaction with its refunds, credits, void and adjustment, webhook deliveries with attempts and
// next retry and a redelivery the receiver gets, economic nexus with its share chart and alerts, a
// provider key's engagement and a return job's liability chart, a production key seeing production data only; axe-core on every page in light
// and dark mode; no request outside the API's origin, no key in any URL, no CSP violation.
// Screenshots of every page go to test-output/console/ (README "Operations console").
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ENGAGEMENTS, KEYS } from '../fixtures/seed';
import { BROWSER, browserNote, launchBrowser } from '../support/browser';
import { api, unique, V1 } from '../support/http';
import { policyOf, sha256 } from '../support/page-policy';
import { type Receiver, startReceiver } from '../support/receiver';

const SHOTS = join(import.meta.dirname, '..', '..', 'test-output', 'console');
const CLIENT = { 'X-Service-Client-Ref': ENGAGEMENTS.console.ref };

describe('GET /console', () => {
  it('answers without a key, with its script and style inlined and admitted by hash alone', async () => {
    const res = await api('GET', '/console', { key: 'stx_test_not_a_key_at_all' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const script = /<script>([\s\S]*)<\/script>/.exec(res.text)?.[1];
    const style = /<style>([\s\S]*)<\/style>/.exec(res.text)?.[1];
    expect(script && style).toBeTruthy();
    const policy = policyOf(res.headers);
    expect(policy).toEqual({
      'default-src': ["'none'"],
      'script-src': [sha256(script!)],
      'style-src': [sha256(style!)],
      'connect-src': ["'self'"],
      'img-src': ['data:'],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
      'require-trusted-types-for': ["'script'"],
    });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    // One script and one style, nothing loaded from anywhere.
    expect(res.text.match(/<script/g)).toHaveLength(1);
    expect(res.text).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)="(?!data:)/);
  });
});

// --- the data the browser tests look at, written through the API -------------------------------

const doc = (code: string, date: string, state: string, zip: string, amounts: number[]) => ({
  code,
  date,
  customer_code: 'WALK-IN',
  ship_to: { state, zip },
  lines: amounts.map((amount, i) => ({ amount, description: `Item ${i + 1}` })),
});

async function ok(promise: Promise<{ status: number; text: string; body: any }>, status: number) {
  const res = await promise;
  expect(res.status, res.text).toBe(status);
  return res.body;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Documents {
  readonly sale: string;
  readonly refund: string;
  readonly credit: string;
  readonly voided: string;
  readonly adjusted: string;
  readonly reversal: string;
  readonly replacement: string;
}

/** A sale refunded in part and credited, a voided sale and an adjusted one (account key). */
async function accountDocuments(): Promise<Documents> {
  const run = unique('con');
  const codes = {
    sale: `${run}-S1`,
    refund: `${run}-R1`,
    credit: `${run}-C1`,
    voided: `${run}-S2`,
    adjusted: `${run}-S3`,
    reversal: `${run}-S3-rev`,
    replacement: `${run}-S3-new`,
  };
  const key = KEYS.console;
  await ok(api('POST', `${V1}/transactions`, { key, body: doc(codes.sale, '2026-03-02', 'NY', '10001', [100, 40]) }), 201);
  await ok(
    api('POST', `${V1}/transactions/${codes.sale}/refunds`, {
      key,
      body: { refund_code: codes.refund, reason: 'returned', lines: [{ number: '2', amount: 40 }] },
    }),
    201,
  );
  await ok(
    api('POST', `${V1}/transactions/${codes.sale}/credits`, {
      key,
      body: { credit_code: codes.credit, reason: 'goodwill', lines: [{ number: '1', tax_amount: 1 }] },
    }),
    201,
  );
  await ok(api('POST', `${V1}/transactions`, { key, body: doc(codes.voided, '2026-03-03', 'TX', '78701', [25]) }), 201);
  await ok(api('POST', `${V1}/transactions/${codes.voided}/void`, { key, body: { reason: 'order cancelled' } }), 200);
  await ok(api('POST', `${V1}/transactions`, { key, body: doc(codes.adjusted, '2026-03-04', 'TX', '78701', [60]) }), 201);
  const { code: _code, ...replacement } = doc(codes.adjusted, '2026-03-04', 'TX', '78701', [80]);
  await ok(
    api('POST', `${V1}/transactions/adjustments`, {
      key,
      body: { original_code: codes.adjusted, reversal_code: codes.reversal, replacement_code: codes.replacement, reason: 'price corrected', replacement },
    }),
    201,
  );
  return codes;
}

/** The provider's client: documents in three states over three months, then a return job on them. */
async function returnJob(): Promise<{ id: string; items: any[] }> {
  const run = unique('rj');
  const places = [
    ['NY', '10001'],
    ['TX', '78701'],
    ['WA', '98101'],
  ] as const;
  const months = ['2026-01', '2026-02', '2026-03'];
  let n = 0;
  for (const [state, zip] of places)
    for (const month of months)
      await ok(
        api('POST', `${V1}/transactions`, {
          key: KEYS.consoleProvider,
          headers: CLIENT,
          body: doc(`${run}-${++n}`, `${month}-1${n % 9}`, state, zip, [100 * n, 35]),
        }),
        201,
      );
  const items = places.flatMap(([state]) => months.map((period) => ({ reference_id: `${state}-${period}`, state, period })));
  items.push({ reference_id: 'NY-2026-01-nowhere', state: 'NY', period: '2026-01', location_code: 'NOWHERE' } as (typeof items)[number]);
  const accepted = await ok(api('POST', `${V1}/provider/return-jobs`, { key: KEYS.consoleProvider, headers: CLIENT, body: { items } }), 202);
  await until('the return job', async () => {
    const job = await api('GET', `${V1}/provider/return-jobs/${accepted.id}?items_limit=0`, { key: KEYS.consoleProvider, headers: CLIENT });
    return job.body.status === 'pending' ? undefined : job.body;
  });
  const all = await ok(api('GET', `${V1}/provider/return-jobs/${accepted.id}/items?limit=100`, { key: KEYS.consoleProvider, headers: CLIENT }), 200);
  return { id: accepted.id, items: all.data };
}

// --- the browser ---------------------------------------------------------------------------------

interface Watched {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every URL the page requested. */
  readonly requests: string[];
  /** Content-Security-Policy and Trusted Types violations, and page errors. */
  readonly problems: string[];
}

describe.skipIf(!BROWSER)(`the console in a browser (${browserNote})`, () => {
  let browser: Browser;
  let base: string;
  let receiver: Receiver;
  let failing: Receiver | undefined;
  let docs: Documents;
  let job: { id: string; items: any[] };
  const opened: Watched[] = [];

  beforeAll(async () => {
    base = inject('baseUrl');
    mkdirSync(join(SHOTS, 'docs'), { recursive: true });
    // Every event of the account reaches this receiver; the webhooks test adds a failing one.
    receiver = await startReceiver();
    await ok(api('POST', `${V1}/webhooks`, { key: KEYS.console, body: { url: receiver.url, events: ['*'], description: 'console test receiver' } }), 201);
    [docs, job, browser] = await Promise.all([accountDocuments(), returnJob(), launchBrowser()]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await failing?.close();
  });

  async function open(options: { width?: number; height?: number; dark?: boolean; bypassCsp?: boolean } = {}): Promise<Watched> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      colorScheme: options.dark ? 'dark' : 'light',
      acceptDownloads: true,
      bypassCSP: options.bypassCsp ?? false,
    });
    // Runs before the page's own script; reports what the policy refused.
    await context.addInitScript(() => {
      const page = globalThis as any;
      page.document.addEventListener('securitypolicyviolation', (e: any) => {
        page.__violations = [...(page.__violations ?? []), `${e.violatedDirective} ${e.blockedURI}`];
      });
    });
    const page = await context.newPage();
    const watched: Watched = { context, page, requests: [], problems: [] };
    page.on('request', (r) => watched.requests.push(r.url()));
    page.on('pageerror', (e) => watched.problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (/Content Security Policy|Trusted Type/i.test(m.text())) watched.problems.push(m.text());
    });
    opened.push(watched);
    return watched;
  }

  async function signIn(page: Page, key: string) {
    await page.goto(`${base}/console`);
    await page.fill('#key', key);
    await page.press('#key', 'Enter');
  }

  const heading = (page: Page) => page.locator('h1#page-title');
  const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  /** A screen-sized picture for docs/console.md (copied to docs/console/ by hand when the page changes). */
  const docShot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, 'docs', `${name}.png`) });
  const go = (page: Page, fragment: string) => page.evaluate((f) => ((globalThis as any).location.hash = f), fragment);
  /** The id and text of the focused element. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const active = (globalThis as any).document.activeElement;
      return { id: active?.id as string, text: active?.textContent as string };
    });
  /** Whether the document is no wider than the window (tables scroll inside their own regions). */
  const fitsWidth = (page: Page) => page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth <= (globalThis as any).innerWidth);

  /** Waits until the page's main landmark shows figures and nothing still loading. */
  async function settled(page: Page) {
    await page.locator('main table, main .cards').first().waitFor();
    await expect
      .poll(() =>
        page
          .locator('main')
          .getByText(/^Loading/)
          .count(),
      )
      .toBe(0);
  }

  async function violations(page: Page): Promise<string[]> {
    return page.evaluate(() => (globalThis as any).__violations ?? []);
  }

  it('signs in by keyboard with an account key kept in session storage only, and shows the overview', async () => {
    const { page, requests } = await open();
    await page.goto(`${base}/console`);
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Skip to content');
    await page.keyboard.press('Tab');
    expect((await focused(page)).id).toBe('key');
    await shot(page, 'sign-in');
    await page.keyboard.type(KEYS.console);
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page).textContent()).toBe('Overview');
    // The page's heading takes focus, so a screen reader announces the page.
    await expect.poll(async () => (await focused(page)).id).toBe('page-title');
    await page.locator('#batches-title').waitFor();
    await expect.poll(() => page.locator('.card').count()).toBe(5);
    // Usage by day with the billable kinds: the documents committed, voided and adjusted above,
    // today.
    const usage = page.locator('.card', { has: page.locator('#usage-title') });
    await usage.locator('table').waitFor();
    expect(await usage.locator('thead').textContent()).toMatch(/^Day.*Commits.*Voids.*Adjustments.*Total$/);
    expect(await usage.locator('tbody tr').first().locator('th').textContent()).toBe(new Date().toISOString().slice(0, 10));
    expect(await page.locator('#hooks-title').locator('..').textContent()).toMatch(/Endpoints\s*1/);
    await shot(page, 'overview');

    // Back from the heading into the navigation, and open Batches with the keyboard.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Shift+Tab');
      if ((await focused(page)).text === 'Batches') break;
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page).textContent()).toBe('Batches');
    await expect.poll(async () => (await focused(page)).id).toBe('page-title');
    expect(await page.locator('nav[aria-label="Console"] a[aria-current="page"]').textContent()).toBe('Batches');

    const storage = await page.evaluate(() => {
      const w = globalThis as any;
      return {
        session: JSON.stringify(w.sessionStorage) as string,
        local: w.localStorage.length as number,
        cookie: w.document.cookie as string,
        url: w.location.href as string,
      };
    });
    expect(storage.session).toContain(KEYS.console);
    expect(storage.local).toBe(0);
    expect(storage.cookie).toBe('');
    expect(storage.url).not.toContain(KEYS.console);
    expect(requests.filter((u) => u.includes(KEYS.console))).toEqual([]);
  }, 60_000);

  it('highlights a growing oldest-pending age, watches the batch run to completion, and downloads its results as CSV', async () => {
    const { page } = await open();
    await signIn(page, KEYS.console);
    await expect.poll(() => heading(page).textContent()).toBe('Overview');
    await page.locator('#batches-title').waitFor();
    // 500 calculations of 20 lines (two of them refused) take seconds: the pages look while it runs.
    const calculation = (amount: number, zip = '78701') => {
      const { code: _code, ...request } = doc(
        '',
        '2026-03-02',
        'TX',
        zip,
        Array.from({ length: 20 }, (_, i) => amount + i),
      );
      return request;
    };
    const items = Array.from({ length: 500 }, (_, i) => ({
      reference_id: `calc-${String(i).padStart(3, '0')}`,
      operation: 'calculate',
      request: calculation(10 + i),
    }));
    items[0] = { reference_id: 'bad-zip', operation: 'calculate', request: calculation(10, 'ABCDE') };
    items[1] = { reference_id: 'bad-amount', operation: 'calculate', request: calculation(-5) };
    const statuses: string[] = [];
    // Batches pending for a while: three submitted together. A fast machine can finish them before two
    // refreshes a second apart have both seen them (CI did), so whenever none is pending any more,
    // three more are submitted: the age is then seen growing on whatever machine, without a timing guess.
    const submitThree = () => Promise.all([0, 1, 2].map(() => ok(api('POST', `${V1}/batches`, { key: KEYS.console, body: { items } }), 202)));
    await submitThree();
    // The overview, refreshed while those batches wait: the oldest-pending age grows, and says so.
    const batchesCard = page.locator('.card', { has: page.locator('#batches-title') });
    const growing = async () => {
      const status = await ok(api('GET', `${V1}/operations/status`, { key: KEYS.console }), 200);
      if (status.batches.pending === 0) await submitThree();
      await page.getByRole('button', { name: 'Refresh' }).click();
      // Read once the refresh has answered (the button is enabled again), not while it is under way.
      await page.locator('button.secondary:not([disabled])', { hasText: 'Refresh' }).waitFor();
      return batchesCard.locator('[data-trend="growing"]').count();
    };
    await expect.poll(growing, { timeout: 30_000, interval: 400 }).toBe(1);
    expect(await batchesCard.getAttribute('class')).toContain('attention');
    expect(await page.locator('[aria-live="polite"]').textContent()).toBe('Oldest pending batch is getting older.');
    await shot(page, 'overview-growing');
    await docShot(page, 'overview');

    // Another such batch, opened as soon as it is accepted: the page follows it to the end.
    const submitted = await ok(api('POST', `${V1}/batches`, { key: KEYS.console, body: { items } }), 202);
    page.on('response', async (r) => {
      if (r.url().startsWith(`${base}${V1}/batches/${submitted.id}?`)) statuses.push((await r.json()).status);
    });
    await go(page, `#/batches/${submitted.id}`);
    await page.locator('.progress .badge-completed').waitFor({ timeout: 60_000 });
    expect(statuses[0]).toBe('pending');
    expect(statuses.at(-1)).toBe('completed');
    expect(statuses.length).toBeGreaterThan(1);
    expect(await page.locator('#job-progress').evaluate((p: any) => [p.value, p.max])).toEqual([500, 500]);
    expect(await page.locator('.progress label').textContent()).toBe('500 of 500 items finished: 498 succeeded, 2 failed');

    const bad = page.locator('tr', { has: page.locator('th', { hasText: 'bad-amount' }) });
    await expect.poll(() => bad.textContent()).toContain('validation_error');
    expect(await bad.textContent()).toContain('lines.0.amount');
    await docShot(page, 'batch');
    expect(await page.locator('tr', { has: page.locator('th', { hasText: 'bad-zip' }) }).textContent()).toContain('invalid_address');
    await shot(page, 'batch');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download results (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe(`batch-${submitted.id}-results.csv`);
    const csv = readFileSync((await download.path())!, 'utf8');
    writeFileSync(join(SHOTS, 'batch-results.csv'), csv);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(500);
    expect(rows.filter((r) => r.status === 'failed').map((r) => [r.reference_id, r.error_code])).toEqual([
      ['bad-zip', 'invalid_address'],
      ['bad-amount', 'validation_error'],
    ]);
    expect(rows.find((r) => r.reference_id === 'bad-amount')!.error_details).toContain('lines.0.amount');
    expect(Number(rows.find((r) => r.reference_id === 'calc-002')!.total_amount)).toBe(20 * 12 + 190);

    // The failures alone: the table lists the two failed items, and nothing else.
    await page.getByLabel('Failed items only').check();
    const itemRows = page.locator('table tbody tr');
    await expect.poll(() => itemRows.count()).toBe(2);
    expect(await itemRows.locator('th').allTextContents()).toEqual(['bad-zip', 'bad-amount']);
    await page.getByLabel('Failed items only').uncheck();
    await expect.poll(() => itemRows.count()).toBe(25);

    await go(page, '#/batches');
    await expect.poll(() => page.locator('table').first().textContent()).toContain(submitted.id);
    await shot(page, 'batches');
  }, 120_000);

  it('opens a transaction by code with its refund and credit, a voided sale, and an adjustment', async () => {
    const { page } = await open();
    await signIn(page, KEYS.console);
    await go(page, '#/transactions');
    await expect.poll(() => page.locator('table').first().textContent()).toContain(docs.sale);
    await shot(page, 'transactions');
    await page.fill('#code', docs.sale);
    await page.press('#code', 'Enter');
    await expect.poll(() => heading(page).textContent()).toBe(`Transaction ${docs.sale}`);
    const related = page.locator('table', { has: page.locator('caption', { hasText: 'Related documents' }) });
    await expect.poll(() => related.textContent()).toContain(docs.credit);
    expect(await related.locator('tr', { hasText: docs.refund }).textContent()).toMatch(/refund.*committed/);
    expect(await related.locator('tr', { hasText: docs.credit }).textContent()).toMatch(/credit.*goodwill/);
    await shot(page, 'transaction');
    await docShot(page, 'transaction');

    await related.getByRole('link', { name: docs.refund }).click();
    await expect.poll(() => heading(page).textContent()).toBe(`Transaction ${docs.refund}`);
    await expect.poll(() => page.locator('main').textContent()).toContain(`${docs.sale}refund of`);

    await go(page, `#/transactions/${docs.voided}`);
    await expect.poll(() => page.locator('.timeline').textContent()).toContain('Voided');
    expect(await page.locator('main .badge').first().textContent()).toBe('voided');

    await go(page, `#/transactions/${docs.adjusted}`);
    await expect.poll(() => page.locator('main').textContent()).toContain(docs.replacement);
    expect(await page.locator('main').textContent()).toMatch(new RegExp(`${docs.reversal}.*reversal`));
    await shot(page, 'transaction-adjusted');
  }, 60_000);

  it('lists declared exemptions still without a certificate, with their documents and exempted amount', async () => {
    const customer = unique('DECL');
    const declared = (code: string, amounts: number[]) => ({
      ...doc(code, '2026-04-14', 'FL', '33131', amounts),
      customer_code: customer,
      declared_exemption: { type: 'wholesale', reason: 'Resale, certificate to follow' },
    });
    await ok(api('POST', `${V1}/transactions`, { key: KEYS.console, body: declared(unique('decl'), [100, 20.5]) }), 201);
    await ok(api('POST', `${V1}/transactions`, { key: KEYS.console, body: declared(unique('decl'), [9.99]) }), 201);
    const { page } = await open();
    await signIn(page, KEYS.console);
    await page.getByRole('link', { name: 'Declared exemptions' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Declared exemptions');
    const row = page.locator('main tr', { hasText: customer });
    await expect.poll(() => row.count()).toBe(1);
    const cells = await row.locator('th, td').allTextContents();
    expect(cells).toEqual([customer, 'FL', 'wholesale', 'document', '2', '$130.49', '2026-04-14', 'missing']);
    await shot(page, 'declared-exemptions');
  }, 60_000);

  it('lists webhook deliveries with their attempts and next retry, and redelivers an event to the receiver', async () => {
    const { page } = await open();
    await signIn(page, KEYS.console);
    await go(page, '#/webhooks');
    await expect.poll(() => page.locator('table').first().textContent()).toContain(receiver.url);

    // A second endpoint whose receiver refuses until told otherwise (the runner disables an
    // endpoint failing for 10 s, so the page is looked at within that time), then a new sale.
    let healthy = false;
    failing = await startReceiver(() => (healthy ? 200 : 500));
    await ok(api('POST', `${V1}/webhooks`, { key: KEYS.console, body: { url: failing.url, events: ['transaction.committed'] } }), 201);
    const code = unique('hook');
    await ok(api('POST', `${V1}/transactions`, { key: KEYS.console, body: doc(code, '2026-03-05', 'NY', '10001', [70]) }), 201);
    const event = await until('the event', async () => {
      const events = await api('GET', `${V1}/events?type=transaction.committed&limit=10`, { key: KEYS.console });
      return events.body.data.find((e: any) => e.data.code === code);
    });
    const row = page.locator('tr', { has: page.locator('th', { hasText: event.id }) });
    // Both endpoints' states, read together: the healthy receiver's delivery may land a refresh
    // after the failing one's first attempt.
    const refreshed = async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      return `${await row.textContent()} | delivered badges: ${await row.locator('.badge-delivered').count()}`;
    };
    await expect.poll(refreshed, { timeout: 20_000, interval: 300 }).toMatch(/failing.*attempt.*answered HTTP 500.*next retry.* \| delivered badges: 1$/);
    await shot(page, 'webhooks');
    await docShot(page, 'webhooks');

    healthy = true;
    const before = failing.of(event.id).length;
    await page.getByRole('button', { name: `Redeliver event ${event.id}` }).click();
    await expect.poll(() => page.locator('#events-status').textContent()).toBe(`Event ${event.id} queued again for 2 endpoints.`);
    const again = await failing.until((r) => r.filter((x) => x.json.id === event.id).length > before, 30_000, 'the redelivery');
    expect(again.filter((x) => x.json.id === event.id).every((x) => x.headers['webhook-id'] === event.id)).toBe(true);
    const deliveredCount = async () => {
      await refreshed();
      return row.locator('.badge-delivered').count();
    };
    await expect.poll(deliveredCount, { timeout: 30_000, interval: 500 }).toBe(2);
  }, 120_000);

  it('charts economic nexus by state on today or a day asked about, and lists the nexus alerts', async () => {
    const key = KEYS.console;
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    // Sales the service never saw: North Dakota just over its $100,000, South Dakota at 85 % of its
    // own; Wyoming registered, whatever it measures.
    await ok(
      api('POST', `${V1}/nexus/sales-history`, {
        key,
        body: {
          entries: [
            { state: 'ND', date: today, amount: 100_000.01, transactions: 4 },
            { state: 'SD', date: today, amount: 85_000, transactions: 30 },
            { state: 'WY', date: today, amount: 20_000, transactions: 12 },
          ],
        },
      }),
      201,
    );
    await ok(api('PUT', `${V1}/nexus/registrations/WY`, { key, body: { registered_from: today } }), 200);
    const measured = await ok(api('GET', `${V1}/nexus`, { key }), 200);
    const of = (state: string) => measured.states.find((s: any) => s.state === state);
    expect(of('ND')).toMatchObject({ status: 'crossed', crossed_on: today });
    expect(of('ND').obligation_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(of('SD')).toMatchObject({ status: 'approaching', share: 0.85 });
    expect(of('WY')).toMatchObject({ status: 'registered', registered_from: today });
    const alert = (type: string, state: string) =>
      until(`the ${type} alert of ${state}`, async () => {
        const events = await ok(api('GET', `${V1}/events?type=${type}&limit=100`, { key }), 200);
        // Delivered to the receiver first, so the page shows where the alert went.
        return events.data.find((e: any) => e.data.state === state && e.deliveries.length > 0 && e.deliveries.every((d: any) => d.state === 'delivered'));
      });
    const crossed = await alert('nexus.threshold_crossed', 'ND');
    const approaching = await alert('nexus.threshold_approaching', 'SD');

    const { page, requests } = await open();
    await signIn(page, key);
    await expect.poll(() => heading(page).textContent()).toBe('Overview');
    await page.getByRole('link', { name: 'Economic nexus' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Economic nexus');
    await expect.poll(async () => (await focused(page)).id).toBe('page-title');
    await expect.poll(() => page.locator('#nexus-as-of').textContent(), { timeout: 10_000 }).toContain(`Measured on ${today}`);

    // The chart: the states with something measured, largest share first, the figures in its label.
    await expect.poll(() => page.locator('.chart-canvas canvas').count()).toBe(1);
    const summary = await page.locator('.chart-canvas').getAttribute('aria-label');
    expect(summary).toMatch(
      /^Horizontal bar chart of each state's measure as a share of its economic nexus threshold, largest first: ND 100 % \(crossed\), SD 85 % \(approaching\), WY 20 % \(registered\)/,
    );
    expect(summary).toContain('The threshold is at 100 %; a state is approaching from 80 %.');

    // The table: every state with a rule, as the API answered it.
    const table = page.locator('table', { has: page.locator('caption', { hasText: 'Economic nexus by state' }) });
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'State',
      'Status',
      'Share',
      'Measured sales',
      'Transactions',
      'Threshold',
      'Period measured',
      'Next test',
      'Crossed on',
      'Collect from',
      'Registered from',
    ]);
    expect(await table.locator('tbody tr').count()).toBe(measured.states.length);
    const cells = (state: string) =>
      table
        .locator('tr', { has: page.locator('th', { hasText: new RegExp(`^${state}$`) }) })
        .locator('th, td')
        .allTextContents();
    const nd = of('ND');
    expect(await cells('ND')).toEqual([
      'ND',
      'crossed',
      '100 %',
      '$100,000.01',
      '4',
      'over $100,000',
      `${nd.period.from} – ${nd.period.to}`,
      '—',
      today,
      nd.obligation_from,
      '—',
    ]);
    expect((await cells('SD')).slice(0, 6)).toEqual(['SD', 'approaching', '85 %', '$85,000.00', '30', 'over $100,000']);
    expect((await cells('WY')).slice(0, 5)).toEqual(['WY', 'registered', '20 %', '$20,000.00', '12']);
    expect((await cells('WY'))[10]).toBe(today);

    // The alerts, each the event GET /events answered, with its figures and deliveries.
    const crossedRow = page.locator('section[aria-labelledby="crossed-title"]').locator('tr', { has: page.locator('th', { hasText: crossed.id }) });
    await expect.poll(() => crossedRow.count(), { timeout: 10_000 }).toBe(1);
    expect(await crossedRow.textContent()).toMatch(new RegExp(`ND${today}100 %\\$100,000\\.014${today}${nd.obligation_from}`));
    expect(await crossedRow.locator('.deliveries .badge').allTextContents()).toEqual(['delivered']);
    const approachRow = page.locator('section[aria-labelledby="approaching-title"]').locator('tr', { has: page.locator('th', { hasText: approaching.id }) });
    await expect.poll(() => approachRow.count()).toBe(1);
    expect(await approachRow.textContent()).toContain('85 %');
    expect(requests.filter((u) => u.includes('/api/v1/events?')).map((u) => new URL(u).searchParams.get('type'))).toEqual(
      expect.arrayContaining(['nexus.threshold_crossed', 'nexus.threshold_approaching']),
    );
    await shot(page, 'nexus');
    await docShot(page, 'nexus');

    // Another day: the history dated today is not yet there.
    await page.fill('#as-of', yesterday);
    await page.press('#as-of', 'Enter');
    await expect.poll(() => page.locator('#nexus-as-of').textContent(), { timeout: 10_000 }).toContain(`Measured on ${yesterday}`);
    expect(requests.some((u) => u.endsWith(`/api/v1/nexus?as_of=${yesterday}`))).toBe(true);
    expect((await cells('ND')).slice(0, 4)).toEqual(['ND', 'below', '0 %', '$0.00']);
    expect(await page.locator('.chart-canvas').getAttribute('aria-label')).not.toContain('ND ');

    // A provider key measures its client's account (the engagement's header) and reads no events,
    // which are the account's own.
    const provider = await open();
    await signIn(provider.page, KEYS.consoleProvider);
    await provider.page.locator(`#engagement-${ENGAGEMENTS.console.id}`).check();
    await provider.page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => heading(provider.page).textContent()).toBe('Overview');
    await go(provider.page, '#/nexus');
    const client = await ok(api('GET', `${V1}/nexus`, { key: KEYS.consoleProvider, headers: CLIENT }), 200);
    const ny = client.states.find((s: any) => s.state === 'NY');
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(ny.measured.sales);
    expect(ny.measured.sales).toBeGreaterThan(0);
    const providerRow = provider.page.locator('main table tr', { has: provider.page.locator('th', { hasText: /^NY$/ }) });
    await expect.poll(() => providerRow.locator('td').nth(2).textContent(), { timeout: 10_000 }).toBe(money);
    expect(await provider.page.locator('section[aria-labelledby="alerts-title"]').textContent()).toContain('read with one of its organization keys');
    expect(provider.requests.filter((u) => u.includes('/api/v1/events'))).toEqual([]);
  }, 90_000);

  it('lets a provider key pick an engagement and shows a return job with its liability chart', async () => {
    const { page } = await open();
    await signIn(page, KEYS.consoleProvider);
    await expect.poll(() => heading(page).textContent()).toBe('Choose a client engagement');
    expect(await page.locator(`#engagement-${ENGAGEMENTS.consolePaused.id}`).isDisabled()).toBe(true);
    await shot(page, 'engagements');
    await page.locator(`#engagement-${ENGAGEMENTS.console.id}`).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Overview');
    expect(await page.locator('.who').textContent()).toContain('Harbor Goods (client)');

    await page.getByRole('link', { name: 'Return jobs', exact: true }).click();
    await expect.poll(() => page.locator('table').first().textContent()).toContain(job.id);
    await page.getByRole('link', { name: job.id }).click();
    await expect.poll(() => page.locator('.chart-canvas canvas').count(), { timeout: 30_000 }).toBe(2);
    // The table beside the charts holds the API's figures: each state's tax over the three months.
    const expected = new Map<string, number>();
    for (const item of job.items.filter((i) => i.status === 'succeeded'))
      expected.set(item.result.state, (expected.get(item.result.state) ?? 0) + Math.round(item.result.tax * 100));
    expect(expected.size).toBe(3);
    const pivot = page.locator('table.pivot');
    for (const [state, cents] of expected) {
      const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
      expect(
        await pivot
          .locator('tr', { has: page.locator('th', { hasText: new RegExp(`^${state}$`) }) })
          .locator('td')
          .last()
          .textContent(),
      ).toBe(money);
    }
    expect(await page.locator('.chart-canvas').first().getAttribute('aria-label')).toMatch(/^Bar chart of tax by state/);
    expect(await page.locator('tr', { has: page.locator('th', { hasText: 'NY-2026-01-nowhere' }) }).textContent()).toContain('location_not_authorized');
    await shot(page, 'return-job');
    await page.evaluate(() => (globalThis as any).document.getElementById('liability-title').scrollIntoView());
    await docShot(page, 'return-job');
  }, 90_000);

  it('shows a production key production data only', async () => {
    const { page } = await open();
    await signIn(page, KEYS.consoleLive);
    await expect.poll(() => heading(page).textContent()).toBe('Overview');
    expect(await page.locator('.who .badge').textContent()).toBe('production');
    await go(page, '#/batches');
    await expect.poll(() => page.locator('table').first().textContent()).toContain('No batches.');
    await go(page, '#/transactions');
    await expect.poll(() => page.locator('table').first().textContent()).toContain('No transactions match.');
  }, 60_000);

  it('passes axe-core checks on every page in light and dark mode, and fits a phone', async () => {
    const batches = await ok(api('GET', `${V1}/batches?limit=1`, { key: KEYS.console }), 200);
    const pages = [
      '#/overview',
      '#/batches',
      `#/batches/${batches.data[0].id}`,
      '#/transactions',
      `#/transactions/${docs.sale}`,
      '#/declared-exemptions',
      '#/nexus',
      '#/webhooks',
    ];
    const found: string[] = [];
    const check = async (page: Page, label: string) => {
      // Injected once per document; navigating between the console's pages keeps it.
      if (!(await page.evaluate(() => Boolean((globalThis as any).axe)))) await page.evaluate(axe.source);
      const result = await page.evaluate(() =>
        (globalThis as any).axe.run((globalThis as any).document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        }),
      );
      for (const v of result.violations) found.push(`${label}: ${v.id} (${v.nodes.map((n: any) => n.target.join(' ')).join(', ')})`);
      // The checks ran on this page: contrast and landmarks among them.
      expect(result.passes.map((p: any) => p.id)).toEqual(expect.arrayContaining(['color-contrast', 'landmark-one-main', 'region']));
    };
    for (const dark of [false, true]) {
      const scheme = dark ? 'dark' : 'light';
      // axe-core is injected by the test, which the page's own policy would refuse: these contexts
      // set the policy aside (the other contexts check it).
      const { page } = await open({ dark, bypassCsp: true });
      await page.goto(`${base}/console`);
      await page.locator('#key').waitFor();
      await check(page, `${scheme} sign-in`);
      await page.fill('#key', KEYS.console);
      await page.press('#key', 'Enter');
      await expect.poll(() => heading(page).textContent()).toBe('Overview');
      for (const fragment of pages) {
        await go(page, fragment);
        await settled(page);
        await check(page, `${scheme} ${fragment}`);
      }
      if (dark) await shot(page, 'webhooks-dark');

      // The provider's pages: the engagement choice, a return job with its charts.
      const provider = (await open({ dark, bypassCsp: true })).page;
      await signIn(provider, KEYS.consoleProvider);
      await provider.locator(`#engagement-${ENGAGEMENTS.console.id}`).waitFor();
      await check(provider, `${scheme} engagement choice`);
      await provider.locator(`#engagement-${ENGAGEMENTS.console.id}`).check();
      await provider.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => heading(provider).textContent()).toBe('Overview');
      for (const fragment of ['#/return-jobs', `#/return-jobs/${job.id}`]) {
        await go(provider, fragment);
        await settled(provider);
        await check(provider, `${scheme} ${fragment}`);
      }
      await expect.poll(() => provider.locator('.chart-canvas canvas').count(), { timeout: 30_000 }).toBe(2);
      await check(provider, `${scheme} return job charts`);
      if (dark) {
        await shot(provider, 'return-job-dark');
        await provider.evaluate(() => (globalThis as any).document.getElementById('liability-title').scrollIntoView());
        await docShot(provider, 'return-job-dark');
      }
      await go(provider, '#/nexus');
      await settled(provider);
      await check(provider, `${scheme} provider #/nexus`);
    }
    expect(found).toEqual([]);

    // A phone: nothing wider than the screen but the tables' own scrolling regions.
    const phone = await open({ width: 390, height: 844 });
    await signIn(phone.page, KEYS.console);
    await expect.poll(() => heading(phone.page).textContent()).toBe('Overview');
    await phone.page.locator('.card').first().waitFor();
    expect(await fitsWidth(phone.page)).toBe(true);
    await shot(phone.page, 'overview-phone');
    await go(phone.page, `#/transactions/${docs.sale}`);
    await phone.page.locator('table').first().waitFor();
    expect(await fitsWidth(phone.page)).toBe(true);
    await shot(phone.page, 'transaction-phone');
    await go(phone.page, '#/nexus');
    await phone.page.locator('main table').first().waitFor();
    expect(await fitsWidth(phone.page)).toBe(true);
    await shot(phone.page, 'nexus-phone');
  }, 180_000);

  it('loaded nothing from elsewhere, put no key in a URL, and broke no rule of its policy', async () => {
    expect(opened.length).toBeGreaterThan(5);
    for (const { page, requests, problems } of opened) {
      expect(requests.filter((u) => !u.startsWith(`${base}/`) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
      expect(requests.filter((u) => /stx_(test|live)_/.test(u))).toEqual([]);
      expect(problems).toEqual([]);
      if (!page.isClosed()) expect(await violations(page)).toEqual([]);
    }
  });
});
