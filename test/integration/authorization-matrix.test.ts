// The authorization matrix (docs/security.md, "The authorization matrix"), generated from the route
// manifest: every route of functions/manifest/routes — /api/v1, the TaxJar surface, the public
// pages, and any route added later — is called by every caller of test/support/access-matrix.ts (no
// key, malformed and duplicated credentials, revoked, expired, no module, wrong scope, other
// account, other environment, location keys, providers without or with a foreign, paused,
// offboarded or fenced engagement, an inactive practice), and each answer must be what the order of
// checks says for the route's entry: the refusal's status and code in the surface's shape, or, for
// a caller that passes, no refusal of access at all. Then every route that names a resource is
// called on a real resource of one tenant by the callers that pass its checks but do not own the
// resource (another account, environment, location, client or practice): each must get 404; and
// every list must show them none of it. A route with a path parameter and no fixture below fails
// the matrix until it has one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateNumber, companyNumber } from '../../functions/core/avatax/ids';
import { AVATAX_BASE_PATH, fullPath, type RouteDef } from '../../functions/manifest/route';
import { ROUTES } from '../../functions/manifest/routes';
import { ENGAGEMENTS, KEYS } from '../fixtures/seed';
import { ACCESS_CODES, CALLERS, type Caller, codeOf, expected, type Header } from '../support/access-matrix';
import { api, apiWithHeaders, type Res, unique, V1 } from '../support/http';
import { idleReceiver } from '../support/target';

const TODAY = new Date().toISOString().slice(0, 10);
const bearer = (key: string): Header => ['Authorization', `Bearer ${key}`];
/** A body no schema accepts: write routes refuse it after the access checks, so nothing is written. */
const PROBE_BODY = { matrix_probe: true };
const PLACEHOLDER = 'matrix-probe';

const withParams = (route: RouteDef, params: Readonly<Record<string, string>>): string =>
  fullPath(route).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? PLACEHOLDER));

/**
 * One call. A 429 is the rate-limit step saying "not now" (the estimates bucket also admits at most
 * 4 calls in flight per process, which the rest of the suite shares): the call is made again after
 * its Retry-After, as a client would, since it is not the answer under test.
 */
async function call(route: RouteDef, headers: readonly Header[], params: Readonly<Record<string, string>> = {}, body: unknown = PROBE_BODY): Promise<Res> {
  for (let attempt = 1; ; attempt++) {
    const res = await apiWithHeaders(route.method, withParams(route, params), headers, route.method === 'GET' || route.method === 'DELETE' ? undefined : body);
    if (res.status !== 429 || attempt === 10) return res;
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
  }
}

/** Runs `tasks` a few at a time (the runner is shared with the rest of the suite). */
async function inTurn<T>(tasks: readonly (() => Promise<T>)[], width = 6): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

/** What is wrong with `res` as the answer to `caller` on `route` (null when it is right). */
function mismatch(route: RouteDef, caller: Caller, res: Res): string | null {
  const want = expected(route, caller);
  const code = codeOf(res.body);
  const got = `${res.status} ${code ?? '-'}`;
  if (!res.headers.get('x-request-id')) return `${caller.name}: no X-Request-Id`;
  if (res.status >= 500) return `${caller.name}: ${got}`;
  if (want.refused) return res.status === want.status && code === want.code ? null : `${caller.name}: ${got}, expected ${want.status} ${want.code}`;
  if (route.public || route.optionalKey) return res.status === 200 ? null : `${caller.name}: ${got}, expected 200`;
  if (res.status === 429) return `${caller.name}: rate limited`;
  return code !== null && ACCESS_CODES.has(code) ? `${caller.name}: refused ${got}, expected to pass the access checks` : null;
}

describe('every route × every caller, from functions/manifest/routes', () => {
  it('covers the whole manifest, the TaxJar surface and the public pages included', () => {
    expect(ROUTES.length).toBeGreaterThan(60);
    const routes: readonly RouteDef[] = ROUTES;
    expect(routes.some((r) => r.dialect === 'taxjar')).toBe(true);
    expect(routes.some((r) => r.public)).toBe(true);
  });

  for (const route of ROUTES as readonly RouteDef[]) {
    it(`${route.method} ${fullPath(route)}`, async () => {
      const callers = CALLERS.filter((c) => !c.taxjarOnly || route.dialect === 'taxjar');
      // The estimates bucket admits few calls in flight: one at a time there.
      const answers = await inTurn(
        callers.map((caller) => () => call(route, caller.headers)),
        route.bucket === 'estimates' ? 1 : 6,
      );
      const wrong = callers.map((caller, i) => mismatch(route, caller, answers[i]!)).filter((m): m is string => m !== null);
      expect(wrong).toEqual([]);
    });
  }
});

// --- resources of one tenant, and the callers that must not reach them ----------------------------

interface Fixtures {
  readonly transaction: string;
  readonly refund: string;
  readonly customer: string;
  readonly certificate: string;
  readonly batch: string;
  readonly key: string;
  readonly webhook: string;
  readonly event: string;
  readonly returnJob: string;
  readonly salesHistory: string;
}

/**
 * `main`: acct_main's NYC location in the sandbox; `live`: acct_main's production environment (a
 * production admin key manages the account's sandbox keys too, by design, so a key's outsider is a
 * sandbox key looking at a production key); `provider`: a provider's engagement with Northwind.
 */
type Owner = 'main' | 'live' | 'provider';

interface Isolation {
  readonly owner: Owner;
  readonly params: (f: Fixtures) => Record<string, string>;
  /** A body the route's schema accepts, so the lookup is reached (writes check the body first). */
  readonly body?: (f: Fixtures) => unknown;
  /** The owner's read that proves the resource is there (GET routes read themselves). */
  readonly probe?: (f: Fixtures) => string;
  /**
   * The path names the account's configuration, which each of its environments holds as its own (a
   * location as an AvaTax company): a caller of the other environment reaches its own, and must see
   * none of the owner's resources in it, rather than get 404.
   */
  readonly inEveryEnvironment?: true;
}

const transaction = (f: Fixtures) => ({ code: f.transaction });
const order = (f: Fixtures) => ({ transaction_id: f.transaction });
const orderProbe = (f: Fixtures) => `${V1}/transactions/${f.transaction}`;
/** The AvaTax company of the fixtures' location (acct_main's NYC), by its number. */
const AVATAX_NYC = String(companyNumber('acct_main', 'NYC'));
const company = () => ({ companyCode: AVATAX_NYC });
const avataxCustomer = (f: Fixtures) => ({ companyCode: AVATAX_NYC, customerCode: f.customer });
const avataxCustomerProbe = (f: Fixtures) => `${AVATAX_BASE_PATH}/companies/${AVATAX_NYC}/customers/${f.customer}`;

/** Every route with a path parameter, by id: the resource a foreign caller must not reach. */
/**
 * `public data`: the path names nothing of a tenant (a ZIP). `own namespace`: it names what every
 * tenant holds its own of (a state's nexus registration), so an outsider reaches its own.
 */
const ISOLATION: Record<string, Isolation | 'public data' | 'own namespace'> = {
  'keys-revoke': { owner: 'live', params: (f) => ({ id: f.key }), probe: () => `${V1}/keys?limit=100` },
  'transactions-get': { owner: 'main', params: transaction },
  'transactions-refund': { owner: 'main', params: transaction, body: () => ({ refund_code: unique('mx-rf') }), probe: orderProbe },
  'transactions-credit': {
    owner: 'main',
    params: transaction,
    body: () => ({ credit_code: unique('mx-cr'), lines: [{ number: '2', tax_amount: 0.01 }] }),
    probe: orderProbe,
  },
  'transactions-void': { owner: 'main', params: transaction, body: () => ({}), probe: orderProbe },
  // AvaTax's transactions: the fixtures' document, committed through /api/v1 at NYC, is NYC's.
  'avatax-transactions-list': { owner: 'main', params: () => ({ companyCode: 'NYC' }), inEveryEnvironment: true },
  'avatax-transactions-get': { owner: 'main', params: avataxTransaction },
  'avatax-transactions-commit': { owner: 'main', params: avataxTransaction, body: () => ({ commit: true }), probe: orderProbe },
  'avatax-transactions-adjust': {
    owner: 'main',
    params: avataxTransaction,
    body: () => ({ adjustmentReason: 'Other', newTransaction: { lines: [{ amount: 1 }] } }),
    probe: orderProbe,
  },
  'avatax-transactions-settle': { owner: 'main', params: avataxTransaction, body: () => ({ commit: { commit: true } }), probe: orderProbe },
  'avatax-transactions-refund': { owner: 'main', params: avataxTransaction, body: () => ({ refundDate: TODAY, refundType: 'Full' }), probe: orderProbe },
  'avatax-transactions-uncommit': { owner: 'main', params: avataxTransaction, body: () => ({}), probe: orderProbe },
  'avatax-transactions-void': { owner: 'main', params: avataxTransaction, body: () => ({ code: 'DocVoided' }), probe: orderProbe },
  'avatax-transactions-unvoid': { owner: 'main', params: avataxTransaction, body: () => ({}), probe: orderProbe },
  'customers-get': { owner: 'main', params: (f) => ({ code: f.customer }) },
  'customers-assign': {
    owner: 'main',
    params: (f) => ({ code: f.customer }),
    body: (f) => ({ certificate_id: f.certificate }),
    probe: (f) => `${V1}/customers/${f.customer}`,
  },
  'certificates-get': { owner: 'main', params: (f) => ({ id: f.certificate }) },
  'certificates-activate': { owner: 'main', params: (f) => ({ id: f.certificate }), body: () => ({}), probe: (f) => `${V1}/certificates/${f.certificate}` },
  'batches-get': { owner: 'main', params: (f) => ({ id: f.batch }) },
  'batches-items': { owner: 'main', params: (f) => ({ id: f.batch }) },
  'return-jobs-get': { owner: 'provider', params: (f) => ({ id: f.returnJob }) },
  'return-jobs-items': { owner: 'provider', params: (f) => ({ id: f.returnJob }) },
  'webhooks-get': { owner: 'main', params: (f) => ({ id: f.webhook }) },
  'webhooks-delete': { owner: 'main', params: (f) => ({ id: f.webhook }), probe: (f) => `${V1}/webhooks/${f.webhook}` },
  'nexus-sales-history-get': { owner: 'main', params: (f) => ({ id: f.salesHistory }) },
  'nexus-sales-history-delete': { owner: 'main', params: (f) => ({ id: f.salesHistory }), probe: (f) => `${V1}/nexus/sales-history/${f.salesHistory}` },
  'nexus-registrations-put': 'own namespace',
  'nexus-registrations-delete': 'own namespace',
  'webhooks-rotate-secret': { owner: 'main', params: (f) => ({ id: f.webhook }), probe: (f) => `${V1}/webhooks/${f.webhook}` },
  'events-redeliver': { owner: 'main', params: (f) => ({ id: f.event }), probe: () => `${V1}/events?type=transaction.committed&limit=100` },
  'taxjar-rates-get': 'public data',
  'taxjar-orders-get': { owner: 'main', params: order },
  'taxjar-orders-update': { owner: 'main', params: order, body: () => ({}), probe: orderProbe },
  'taxjar-orders-delete': { owner: 'main', params: order, probe: orderProbe },
  'taxjar-refunds-get': { owner: 'main', params: (f) => ({ transaction_id: f.refund }) },
  'taxjar-refunds-update': { owner: 'main', params: (f) => ({ transaction_id: f.refund }), body: () => ({}), probe: (f) => `${V1}/transactions/${f.refund}` },
  'taxjar-refunds-delete': { owner: 'main', params: (f) => ({ transaction_id: f.refund }), probe: (f) => `${V1}/transactions/${f.refund}` },
  'taxjar-customers-get': { owner: 'main', params: (f) => ({ customer_id: f.customer }) },
  'taxjar-customers-update': { owner: 'main', params: (f) => ({ customer_id: f.customer }), body: () => ({}), probe: (f) => `${V1}/customers/${f.customer}` },
  'taxjar-customers-delete': { owner: 'main', params: (f) => ({ customer_id: f.customer }), probe: (f) => `${V1}/customers/${f.customer}` },
  'avatax-customers-create': {
    owner: 'main',
    params: company,
    body: () => [{ customerCode: unique('mx-av'), name: 'Matrix' }],
    probe: avataxCustomerProbe,
    inEveryEnvironment: true,
  },
  'avatax-customers-list': { owner: 'main', params: company, inEveryEnvironment: true },
  'avatax-customers-get': { owner: 'main', params: avataxCustomer },
  'avatax-customers-update': { owner: 'main', params: avataxCustomer, body: (f) => ({ customerCode: f.customer, name: 'Matrix' }), probe: avataxCustomerProbe },
  'avatax-customer-certificates-list': { owner: 'main', params: avataxCustomer },
  'avatax-certificates-list': { owner: 'main', params: company, inEveryEnvironment: true },
};

/** The fixtures' document as an AvaTax path names it (declared as a function: ISOLATION, above, calls it). */
function avataxTransaction(f: Fixtures): Record<string, string> {
  return { companyCode: 'NYC', transactionCode: f.transaction };
}

const OWNER_HEADERS: Record<Owner, readonly Header[]> = {
  main: [bearer(KEYS.admin)],
  live: [bearer(KEYS.adminLive)],
  provider: [bearer(KEYS.provider), ['X-Service-Client-Ref', ENGAGEMENTS.usable.ref]],
};

const byName = (name: string): Caller => {
  const caller = CALLERS.find((c) => c.name === name);
  if (!caller) throw new Error(`no caller ${name}`);
  return caller;
};

/** Callers that pass a route's access checks yet must not reach the owner's resource. */
const OUTSIDERS: Record<Owner, readonly Caller[]> = {
  main: [byName('other account'), byName('other environment (production)'), byName('other location (AUS)'), byName('provider with a usable engagement')],
  live: [byName('other account'), byName('organization key'), byName('provider with a usable engagement')],
  provider: [
    byName('other account'),
    {
      name: 'same provider key, another engagement',
      headers: [bearer(KEYS.provider), ['X-Service-Client-Ref', ENGAGEMENTS.fenced.ref]],
      key: { kind: 'provider', environment: 'sandbox', engagement: 'usable' },
    },
    {
      name: "another practice's key, its own client",
      headers: [bearer(KEYS.providerOther), ['X-Service-Client-Ref', ENGAGEMENTS.foreign.ref]],
      key: { kind: 'provider', environment: 'sandbox', engagement: 'usable' },
    },
  ],
};

async function created(res: Promise<Res>, status: number): Promise<any> {
  const answer = await res;
  expect(answer.status, answer.text).toBe(status);
  return answer.body;
}

describe('resources of one tenant, from every caller that passes the checks but does not own them', () => {
  let f: Fixtures;

  beforeAll(async () => {
    const nyc = { key: KEYS.locNyc };
    const code = unique('mx-tx');
    await created(
      api('POST', `${V1}/transactions`, {
        ...nyc,
        body: { code, date: TODAY, ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }, { amount: 20 }] },
      }),
      201,
    );
    const refund = unique('mx-rf');
    await created(api('POST', `${V1}/transactions/${code}/refunds`, { ...nyc, body: { refund_code: refund, lines: [{ number: '1', amount: 10 }] } }), 201);
    const customer = unique('mx-cu');
    await created(api('POST', `${V1}/customers`, { ...nyc, body: { customer_code: customer, name: 'Matrix' } }), 201);
    const certificate = await created(
      api('POST', `${V1}/certificates`, {
        ...nyc,
        body: {
          customer_code: customer,
          jurisdiction: 'NY',
          exemption_reason: 'resale',
          exemption_number: 'NY-1',
          valid_from: TODAY,
          valid_to: `${Number(TODAY.slice(0, 4)) + 1}${TODAY.slice(4)}`,
          signer: { name: 'Morgan Ellis', title: 'Purchasing' },
          signature_type: 'electronic',
          evidence_reference: 'vault://certs/matrix.pdf',
          document_sha256: 'a'.repeat(64),
        },
      }),
      201,
    );
    const items = [{ reference_id: 'r1', request: { date: TODAY, ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 1 }] } }];
    const batch = await created(api('POST', `${V1}/batches`, { ...nyc, body: { items } }), 202);
    const key = await created(
      api('POST', `${V1}/keys`, { key: KEYS.adminLive, body: { name: unique('mx-key'), environment: 'production', scopes: ['transactions:read'] } }),
      201,
    );
    // Subscribed to an event this account never has: nothing is delivered to it.
    const webhook = await created(
      api('POST', `${V1}/webhooks`, { key: KEYS.admin, body: { url: idleReceiver('matrix'), events: ['return_job.failed'] } }),
      201,
    );
    let event: string | undefined;
    for (let i = 0; i < 100 && !event; i++) {
      const events = await api('GET', `${V1}/events?type=transaction.committed&limit=100`, { key: KEYS.admin });
      event = events.body.data.find((e: { data: unknown }) => JSON.stringify(e.data).includes(code))?.id;
      if (!event) await new Promise((r) => setTimeout(r, 100));
    }
    const job = await created(
      api('POST', `${V1}/provider/return-jobs`, {
        key: KEYS.provider,
        headers: { 'X-Service-Client-Ref': ENGAGEMENTS.usable.ref },
        body: { items: [{ reference_id: 'a', state: 'NY', period: '2026-08' }] },
      }),
      202,
    );
    const salesHistory = await created(
      api('POST', `${V1}/nexus/sales-history`, { ...nyc, body: { entries: [{ state: 'NY', date: TODAY, amount: 1, transactions: 1 }] } }),
      201,
    );
    expect(event).toBeDefined();
    f = {
      transaction: code,
      refund,
      customer,
      certificate: certificate.id,
      batch: batch.id,
      key: key.id,
      webhook: webhook.id,
      event: event!,
      returnJob: job.id,
      salesHistory: salesHistory.id,
    };
  }, 60_000);

  afterAll(async () => {
    if (f) await api('DELETE', `${V1}/webhooks/${f.webhook}`, { key: KEYS.admin });
  });

  it('has a fixture for every route with a path parameter (a new one fails here until it has)', () => {
    const named = ROUTES.filter((r) => r.path.includes('{')).map((r) => r.id);
    expect(named.filter((id) => !(id in ISOLATION))).toEqual([]);
  });

  for (const route of (ROUTES as readonly RouteDef[]).filter((r) => r.path.includes('{'))) {
    it(`${route.method} ${fullPath(route)}: 404 to every outsider`, async () => {
      const isolation = ISOLATION[route.id];
      if (isolation === undefined) throw new Error(`${route.id} has a path parameter and no isolation fixture: add one to ISOLATION`);
      if (isolation === 'public data' || isolation === 'own namespace') return;
      // The resource is there: its owner reads it.
      const probe = isolation.probe?.(f);
      const seen = probe
        ? await apiWithHeaders('GET', probe, OWNER_HEADERS[isolation.owner])
        : await call(route, OWNER_HEADERS[isolation.owner], isolation.params(f));
      expect(seen.status, `the owner's read: ${seen.text.slice(0, 300)}`).toBe(200);
      const ids = isolation.params(f);
      if (probe) expect(seen.text).toContain(Object.values(ids)[0]);
      const outsiders = OUTSIDERS[isolation.owner].filter((caller) => !expected(route, caller).refused);
      expect(outsiders.length, 'no outsider passes the checks of this route').toBeGreaterThan(0);
      const answers = await inTurn(outsiders.map((caller) => () => call(route, caller.headers, ids, isolation.body?.(f) ?? PROBE_BODY)));
      // What an outsider of another environment must not see where it reaches its own (inEveryEnvironment).
      const owned = [f.customer, f.certificate, String(certificateNumber('acct_main', 'sandbox', f.certificate)), f.transaction];
      const wrong = outsiders
        .map((caller, i) => {
          const res = answers[i]!;
          if (res.status === 404) return null;
          const ownEnvironment = isolation.inEveryEnvironment && caller.key?.environment !== 'sandbox' && res.status < 300;
          if (ownEnvironment && !owned.some((id) => res.text.includes(id))) return null;
          return `${caller.name}: ${res.status} ${codeOf(res.body) ?? res.text.slice(0, 200)}`;
        })
        .filter((m): m is string => m !== null);
      expect(wrong).toEqual([]);
    });
  }

  it('GET /usage answers every caller its own usage: the account for an organization key, its own key for any other', async () => {
    const route = (ROUTES as readonly RouteDef[]).find((r) => r.id === 'usage-get')!;
    const callers = CALLERS.filter((c) => !c.taxjarOnly && !expected(route, c).refused);
    expect(callers.length).toBeGreaterThan(5);
    const answers = await inTurn(callers.map((caller) => () => apiWithHeaders('GET', `${fullPath(route)}?group_by=key`, caller.headers)));
    const wrong = callers
      .map((caller, i) => {
        const res = answers[i]!;
        if (res.status !== 200) return `${caller.name}: ${res.status} ${res.text.slice(0, 200)}`;
        const wholeAccount = caller.key!.kind === 'account' && !caller.key!.location;
        const { key_id, data } = res.body as { key_id: string | null; data: { group: string }[] };
        if (wholeAccount) return key_id === null ? null : `${caller.name}: limited to ${key_id}`;
        if (key_id === null) return `${caller.name}: sees the whole account`;
        const others = data.filter((g) => g.group !== key_id);
        return others.length === 0 ? null : `${caller.name}: sees ${others.map((g) => g.group).join(', ')}`;
      })
      .filter((m): m is string => m !== null);
    expect(wrong).toEqual([]);
  });

  it('no list shows an outsider anything of the resources', async () => {
    const lists = (ROUTES as readonly RouteDef[]).filter((r) => r.method === 'GET' && !r.public && !r.path.includes('{'));
    const secrets = (owner: Owner) =>
      ({ main: [f.transaction, f.refund, f.customer, f.certificate, f.batch, f.webhook, f.event], live: [f.key], provider: [f.returnJob] })[owner];
    const tasks: (() => Promise<string | null>)[] = [];
    for (const owner of ['main', 'live', 'provider'] as const)
      for (const caller of OUTSIDERS[owner])
        for (const route of lists.filter((r) => !expected(r, caller).refused))
          tasks.push(async () => {
            const res = await call(route, caller.headers);
            const leaked = secrets(owner).filter((id) => res.text.includes(id));
            return leaked.length === 0 ? null : `${caller.name} on ${fullPath(route)}: ${leaked.join(', ')}`;
          });
    expect(tasks.length).toBeGreaterThan(40);
    expect((await inTurn(tasks)).filter((m) => m !== null)).toEqual([]);
  });
});
