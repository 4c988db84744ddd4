// The request examples of the API description (openapi.json, from functions/schemas/reference/
// examples.ts), sent one operation after another in the order of the lifecycle they tell, with the
// keys of the test seed. test/integration/openapi-examples.test.ts checks that each gets its
// documented success status; scripts/record-examples.ts records the answers as the document's
// response examples. Each request is the example as the document holds it; the scenario adds only
// what an example cannot know: the key, the ids the service generates (a key, a certificate, a
// batch, a return job, a webhook endpoint, an event) and the documents the lifecycle consumes, made
// from the examples themselves: INV-1002 for the adjustment, TJ-1002 for the TaxJar delete, AV-1002
// (a draft) for the AvaTax commit, and a sale the accounting firm commits for its client, which the
// return job then sums.
import type { RouteId } from '../../functions/manifest/routes';
import { KEYS } from '../fixtures/seed';

interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly example?: unknown;
}

interface Operation {
  readonly operationId: string;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly content: Record<string, { readonly example?: unknown }> };
  readonly responses: Record<string, unknown>;
}

export interface ApiDocument {
  readonly paths: Record<string, Record<string, Operation>>;
}

/** One answer as the scenario needs it. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

export interface Request {
  readonly method: string;
  /** Below the server's URL, query included. */
  readonly path: string;
  readonly key?: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** Sends a request to the service under test. */
export type Send = (request: Request) => Promise<Answer>;

export interface Outcome {
  readonly id: RouteId;
  readonly request: Request;
  /** The success status the document declares for the operation. */
  readonly documented: number;
  readonly status: number;
  readonly body: unknown;
}

interface Located {
  readonly method: string;
  readonly template: string;
  readonly operation: Operation;
}

/** Ids the service generated, by the step that made them. */
type Made = Partial<Record<'key' | 'certificate' | 'batch' | 'returnJob' | 'webhook' | 'event' | 'salesHistory', string>>;

interface Step {
  readonly id: RouteId;
  /** The seed key to call with (none: a public page). */
  readonly key?: string;
  /** Path values the example cannot know. */
  readonly path?: (made: Made) => Record<string, string>;
  /** The example body with what it cannot know put in. */
  readonly body?: (example: Record<string, unknown>, made: Made) => unknown;
  /** What the step's answer gives later steps. */
  readonly keep?: (body: Record<string, unknown>, made: Made) => void;
}

const ADMIN = KEYS.admin;
const PROVIDER = KEYS.provider;

const idOf = (body: Record<string, unknown>) => String(body.id);

/** The order of the examples' lifecycle. Every operation of the document is here once. */
const STEPS: readonly Step[] = [
  { id: 'openapi-get' },
  { id: 'docs-get' },
  { id: 'console-get' },
  { id: 'config-get', key: ADMIN },
  { id: 'operations-status', key: ADMIN },
  { id: 'account-get', key: ADMIN },
  { id: 'account-update', key: ADMIN },
  { id: 'locations-create', key: ADMIN },
  { id: 'locations-list', key: ADMIN },
  { id: 'keys-create', key: ADMIN, keep: (b, m) => (m.key = idOf(b)) },
  { id: 'keys-list', key: ADMIN },
  { id: 'keys-revoke', key: ADMIN, path: (m) => ({ id: m.key! }) },
  { id: 'items-create', key: ADMIN },
  { id: 'items-list', key: ADMIN },
  { id: 'il-declarations-create', key: ADMIN },
  { id: 'calculations-create', key: ADMIN },
  { id: 'estimates-create', key: ADMIN },
  { id: 'tax-codes-list', key: ADMIN },
  { id: 'rates-get', key: ADMIN },
  { id: 'transactions-create', key: ADMIN },
  { id: 'transactions-get', key: ADMIN },
  { id: 'transactions-list', key: ADMIN },
  { id: 'transactions-refund', key: ADMIN },
  { id: 'transactions-credit', key: ADMIN },
  { id: 'transactions-adjust', key: ADMIN },
  { id: 'transactions-void', key: ADMIN },
  { id: 'reports-collection', key: ADMIN },
  { id: 'nexus-get', key: ADMIN },
  { id: 'nexus-sales-history-create', key: ADMIN, keep: (b, m) => (m.salesHistory = idOf(b)) },
  { id: 'nexus-sales-history-list', key: ADMIN },
  { id: 'nexus-sales-history-get', key: ADMIN, path: (m) => ({ id: m.salesHistory! }) },
  { id: 'nexus-projections', key: ADMIN },
  { id: 'nexus-sales-history-delete', key: ADMIN, path: (m) => ({ id: m.salesHistory! }) },
  { id: 'nexus-registrations-put', key: ADMIN },
  { id: 'nexus-registrations-list', key: ADMIN },
  { id: 'nexus-registrations-delete', key: ADMIN },
  { id: 'customers-create', key: ADMIN },
  { id: 'customers-get', key: ADMIN },
  { id: 'customers-list', key: ADMIN },
  { id: 'certificates-create', key: ADMIN, keep: (b, m) => (m.certificate = idOf(b)) },
  { id: 'certificates-list', key: ADMIN },
  { id: 'declared-exemptions-list', key: ADMIN },
  { id: 'certificates-get', key: ADMIN, path: (m) => ({ id: m.certificate! }) },
  { id: 'certificates-activate', key: ADMIN, path: (m) => ({ id: m.certificate! }) },
  { id: 'customers-assign', key: ADMIN, body: (example, m) => ({ ...example, certificate_id: m.certificate }) },
  { id: 'provider-engagements', key: PROVIDER },
  { id: 'provider-client', key: PROVIDER },
  { id: 'batches-create', key: ADMIN, keep: (b, m) => (m.batch = idOf(b)) },
  { id: 'batches-list', key: ADMIN },
  { id: 'batches-get', key: ADMIN, path: (m) => ({ id: m.batch! }) },
  { id: 'batches-items', key: ADMIN, path: (m) => ({ id: m.batch! }) },
  { id: 'return-jobs-create', key: PROVIDER, keep: (b, m) => (m.returnJob = idOf(b)) },
  { id: 'return-jobs-list', key: PROVIDER },
  { id: 'return-jobs-get', key: PROVIDER, path: (m) => ({ id: m.returnJob! }) },
  { id: 'return-jobs-items', key: PROVIDER, path: (m) => ({ id: m.returnJob! }) },
  { id: 'taxjar-taxes', key: ADMIN },
  { id: 'taxjar-magento-taxes', key: ADMIN },
  { id: 'taxjar-verify', key: ADMIN },
  { id: 'taxjar-addresses-validate', key: ADMIN },
  { id: 'taxjar-rates-get', key: ADMIN },
  { id: 'taxjar-categories', key: ADMIN },
  { id: 'taxjar-summary-rates', key: ADMIN },
  { id: 'taxjar-nexus-regions', key: ADMIN },
  { id: 'taxjar-orders-create', key: ADMIN },
  { id: 'taxjar-orders-get', key: ADMIN },
  { id: 'taxjar-orders-list', key: ADMIN },
  { id: 'taxjar-orders-update', key: ADMIN },
  { id: 'taxjar-refunds-create', key: ADMIN },
  { id: 'taxjar-refunds-get', key: ADMIN },
  { id: 'taxjar-refunds-list', key: ADMIN },
  { id: 'taxjar-refunds-update', key: ADMIN },
  { id: 'taxjar-refunds-delete', key: ADMIN },
  { id: 'taxjar-orders-delete', key: ADMIN },
  { id: 'taxjar-customers-create', key: ADMIN },
  { id: 'taxjar-customers-get', key: ADMIN },
  { id: 'taxjar-customers-list', key: ADMIN },
  { id: 'taxjar-customers-update', key: ADMIN },
  { id: 'taxjar-customers-delete', key: ADMIN },
  { id: 'webhooks-create', key: ADMIN, keep: (b, m) => (m.webhook = idOf(b)) },
  { id: 'webhooks-list', key: ADMIN },
  { id: 'webhooks-get', key: ADMIN, path: (m) => ({ id: m.webhook! }) },
  { id: 'webhooks-rotate-secret', key: ADMIN, path: (m) => ({ id: m.webhook! }) },
  {
    id: 'events-list',
    key: ADMIN,
    keep: (b, m) => {
      const [first] = (b.data ?? []) as { id: string }[];
      if (first) m.event = first.id;
    },
  },
  { id: 'events-redeliver', key: ADMIN, path: (m) => ({ id: m.event! }) },
  { id: 'webhooks-delete', key: ADMIN, path: (m) => ({ id: m.webhook! }) },
  { id: 'usage-get', key: ADMIN },
  { id: 'avatax-ping', key: ADMIN },
  // AvaTax reference, companies, customers and certificates: the customer AVA-2001 of the NYC company,
  // then C-ACME's certificate in the account's own company.
  { id: 'avatax-addresses-resolve', key: ADMIN },
  { id: 'avatax-addresses-resolve-post', key: ADMIN },
  { id: 'avatax-taxrates-byaddress', key: ADMIN },
  { id: 'avatax-taxrates-bypostalcode', key: ADMIN },
  { id: 'avatax-taxcodes-list', key: ADMIN },
  { id: 'avatax-entityusecodes-list', key: ADMIN },
  { id: 'avatax-companies-list', key: ADMIN },
  { id: 'avatax-customers-create', key: ADMIN },
  { id: 'avatax-customers-get', key: ADMIN },
  { id: 'avatax-customers-list', key: ADMIN },
  { id: 'avatax-customers-update', key: ADMIN },
  { id: 'avatax-customer-certificates-list', key: ADMIN },
  { id: 'avatax-certificates-list', key: ADMIN },
  { id: 'avatax-transactions-create', key: ADMIN },
  { id: 'avatax-transactions-create-or-adjust', key: ADMIN },
  { id: 'avatax-transactions-get', key: ADMIN },
  { id: 'avatax-transactions-list', key: ADMIN },
  { id: 'avatax-transactions-commit', key: ADMIN },
  { id: 'avatax-transactions-adjust', key: ADMIN },
  { id: 'avatax-transactions-settle', key: ADMIN },
  { id: 'avatax-transactions-refund', key: ADMIN },
  { id: 'avatax-transactions-uncommit', key: ADMIN },
  { id: 'avatax-transactions-void', key: ADMIN },
  { id: 'avatax-transactions-unvoid', key: ADMIN },
];

/** Every operation id the scenario sends, in order. */
export const SCENARIO_ORDER: readonly RouteId[] = STEPS.map((s) => s.id);

function locate(document: ApiDocument): Map<string, Located> {
  const found = new Map<string, Located>();
  for (const [template, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations)) found.set(operation.operationId, { method: method.toUpperCase(), template, operation });
  return found;
}

/** The operation's request as its examples spell it, with the scenario's path values over them. */
export function exampleRequest(located: Located, key: string | undefined, pathValues: Record<string, string> = {}, body?: unknown): Request {
  const parameters = located.operation.parameters ?? [];
  const path = located.template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = pathValues[name] ?? parameters.find((p) => p.in === 'path' && p.name === name)?.example;
    if (value === undefined) throw new Error(`${located.operation.operationId}: no example for path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const p of parameters) if (p.in === 'query' && p.example !== undefined) query.set(p.name, String(p.example));
  const headers: Record<string, string> = {};
  for (const p of parameters) if (p.in === 'header' && p.example !== undefined) headers[p.name] = String(p.example);
  const search = query.toString();
  return {
    method: located.method,
    path: search ? `${path}?${search}` : path,
    key,
    headers,
    body: body ?? located.operation.requestBody?.content['application/json']?.example,
  };
}

const successStatus = (operation: Operation): number => {
  const status = Object.keys(operation.responses).find((s) => /^2\d\d$/.test(s));
  if (!status) throw new Error(`${operation.operationId}: no success status`);
  return Number(status);
};

/** Polls a batch or return job (its Location) until it is no longer pending, so what is read next is its result. */
async function settled(send: Send, path: string, key: string, headers: Readonly<Record<string, string>>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const res = await send({ method: 'GET', path: `${path}?items_limit=0`, key, headers });
    if ((res.body as { status?: string } | null)?.status !== 'pending') return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${path} still pending after 30 s`);
}

/**
 * Sends every operation's example in the scenario's order. Stops at the first answer that is not
 * the documented success (the steps after it would build on it), which is then the last outcome.
 */
export async function runExamples(document: ApiDocument, send: Send): Promise<Outcome[]> {
  const operations = locate(document);
  const op = (id: RouteId): Located => {
    const found = operations.get(id);
    if (!found) throw new Error(`the document has no operation ${id}`);
    return found;
  };
  const exampleBody = (id: RouteId) => op(id).operation.requestBody?.content['application/json']?.example as Record<string, unknown>;
  const made: Made = {};
  const outcomes: Outcome[] = [];
  const must = async (request: Request, what: string) => {
    const res = await send(request);
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
    return res;
  };
  for (const step of STEPS) {
    // The documents the lifecycle consumes, committed from the examples themselves.
    if (step.id === 'return-jobs-create') {
      const { location_code: _, ...sale } = exampleBody('transactions-create');
      const client = exampleRequest(op('return-jobs-create'), PROVIDER).headers;
      await must({ ...exampleRequest(op('transactions-create'), PROVIDER, {}, sale), headers: client }, 'committing a sale for the client');
    }
    if (step.id === 'transactions-adjust')
      await must(exampleRequest(op('transactions-create'), ADMIN, {}, { ...exampleBody('transactions-create'), code: 'INV-1002' }), 'committing INV-1002');
    if (step.id === 'avatax-transactions-commit')
      await must(
        exampleRequest(op('avatax-transactions-create'), ADMIN, {}, { ...exampleBody('avatax-transactions-create'), code: 'AV-1002', commit: false }),
        'saving AV-1002',
      );
    if (step.id === 'taxjar-orders-delete')
      await must(
        exampleRequest(op('taxjar-orders-create'), ADMIN, {}, { ...exampleBody('taxjar-orders-create'), transaction_id: 'TJ-1002' }),
        'creating TJ-1002',
      );
    const located = op(step.id);
    const example = exampleBody(step.id);
    const request = exampleRequest(located, step.key, step.path?.(made), step.body && example ? step.body(example, made) : undefined);
    const res = await send(request);
    const documented = successStatus(located.operation);
    outcomes.push({ id: step.id, request, documented, status: res.status, body: res.body });
    if (res.status !== documented) break;
    step.keep?.(res.body as Record<string, unknown>, made);
    // Batches and return jobs are read once they have run.
    if ((step.id === 'batches-create' || step.id === 'return-jobs-create') && step.key) {
      const accepted = res.body as { id: string };
      const base = step.id === 'batches-create' ? '/api/v1/batches' : '/api/v1/provider/return-jobs';
      await settled(send, `${base}/${encodeURIComponent(accepted.id)}`, step.key, request.headers);
    }
  }
  return outcomes;
}
