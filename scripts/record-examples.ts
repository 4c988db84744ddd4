// `npm run openapi:examples`: records real answers of the service as the OpenAPI document's success
// examples (openapi-examples.json, read by scripts/openapi.ts). It starts a local runner with the
// test seed and makes one plausible call per operation it can show without a secret; the unit test
// that lints the document checks every example against its schema, so they cannot go stale unseen.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine } from '../lib/command-line';
import { PROJECT_ROOT } from '../lib/paths';
import { KEYS } from '../test/fixtures/seed';
import { startRunner } from './local-runner';

const EXAMPLES_FILE = join(PROJECT_ROOT, 'openapi-examples.json');

commandLine({
  command: 'npm run openapi:examples --',
  summary:
    "Records real answers of a local runner (test seed) as the OpenAPI document's success examples in openapi-examples.json, then runs npm run openapi so the document and the client carry them.",
});

const runner = await startRunner();
const examples: Record<string, unknown> = {};
try {
  const call = async (operationId: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${runner.url}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${KEYS.admin}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as unknown;
    if (res.status >= 300) throw new Error(`${operationId}: ${res.status} ${JSON.stringify(json)}`);
    examples[operationId] = json;
    return json as Record<string, unknown>;
  };
  const doc = {
    date: '2026-04-15',
    ship_to: { state: 'IL', zip: '60601' },
    seller_class: 'remote',
    lines: [
      { number: '1', description: 'Standing desk', amount: 499 },
      { number: '2', description: 'Desk lamp', amount: 91, quantity: 2 },
    ],
  };
  await call('config-get', 'GET', '/config');
  await call('operations-status', 'GET', '/operations/status');
  await call('account-get', 'GET', '/account');
  await call('calculations-create', 'POST', '/calculations', doc);
  await call('estimates-create', 'POST', '/estimates', { ship_to: { state: 'NY', zip: '10001' }, amount: 100, date: '2026-04-15' });
  await call('rates-get', 'GET', '/rates?zip=60601&date=2026-04-15');
  await call('tax-codes-list', 'GET', '/tax-codes?limit=2');
  await call('transactions-create', 'POST', '/transactions', { ...doc, code: 'INV-1001', customer_code: null });
  await call('transactions-get', 'GET', '/transactions/INV-1001');
  await call('transactions-refund', 'POST', '/transactions/INV-1001/refunds', {
    refund_code: 'INV-1001-R1',
    reason: 'returned one lamp',
    lines: [{ number: '2', amount: 45.5 }],
  });
  await call('transactions-list', 'GET', '/transactions?limit=2');
  await call('customers-create', 'POST', '/customers', { customer_code: 'C-ACME', name: 'Acme Hardware' });
  await call('locations-list', 'GET', '/locations?limit=2');
  // What the calls above billed (the runner's own tally is stored before it answers).
  await call('usage-get', 'GET', '/usage?group_by=kind');
} finally {
  runner.stop();
}
writeFileSync(EXAMPLES_FILE, `${JSON.stringify(examples, null, 2)}\n`);
console.log(`wrote ${Object.keys(examples).length} examples to ${EXAMPLES_FILE}`);
execFileSync('npm', ['run', '--silent', 'openapi'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
