// `npm run openapi:examples`: records real answers of the service as the OpenAPI document's success
// examples (openapi-examples.json, read by scripts/openapi.ts). It starts a local runner with the
// test seed and sends every operation's request example in the order of the lifecycle they tell
// (test/support/openapi-scenario.ts, the same requests test/integration/openapi-examples.test.ts
// checks), so each operation's response example is the answer to its request example. Answers that
// carry a secret (a new key, a webhook signing secret, a signed declaration), pages and long
// catalogs are left out, and so are the TaxJar objects: their schemas are open (TaxJar's objects
// grow over time), and the document's lint admits no example field a schema does not name. The
// unit test that lints the document checks every example against its schema, so they cannot go
// stale unseen.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteId } from '../functions/manifest/routes';
import { commandLine } from '../lib/command-line';
import { PROJECT_ROOT } from '../lib/paths';
import { type ApiDocument, runExamples } from '../test/support/openapi-scenario';
import { startRunner } from './local-runner';
import { openApiDocument } from './openapi';

const EXAMPLES_FILE = join(PROJECT_ROOT, 'openapi-examples.json');

/** Operations whose answer is not shown: it holds a secret, or it is a page or a long catalog. */
const NOT_RECORDED: ReadonlySet<RouteId> = new Set<RouteId>([
  'openapi-get',
  'docs-get',
  'console-get',
  'keys-create',
  'il-declarations-create',
  'webhooks-create',
  'webhooks-rotate-secret',
  'taxjar-categories',
]);

commandLine({
  command: 'npm run openapi:examples --',
  summary:
    "Records real answers of a local runner (test seed) to every operation's request example as the OpenAPI document's success examples in openapi-examples.json, then runs npm run openapi so the document and the client carry them.",
});

// The request examples as the document generated from the current schemas holds them.
const document = (await openApiDocument()) as unknown as ApiDocument;
const runner = await startRunner();
const examples: Record<string, unknown> = {};
try {
  const outcomes = await runExamples(document, async ({ method, path, key, headers, body }) => {
    const res = await fetch(`${runner.url}${path}`, {
      method,
      headers: { ...headers, ...(key ? { Authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed };
  });
  for (const outcome of outcomes) {
    if (outcome.status !== outcome.documented)
      throw new Error(
        `${outcome.id}: ${outcome.request.method} ${outcome.request.path} answered ${outcome.status}: ${JSON.stringify(outcome.body).slice(0, 500)}`,
      );
    // The TaxJar lists are arrays of ids; the other TaxJar answers are open objects.
    const openObject = outcome.id.startsWith('taxjar-') && !outcome.id.endsWith('-list');
    if (!NOT_RECORDED.has(outcome.id) && !openObject) examples[outcome.id] = outcome.body;
  }
} finally {
  runner.stop();
}
writeFileSync(EXAMPLES_FILE, `${JSON.stringify(examples, null, 2)}\n`);
console.log(`wrote ${Object.keys(examples).length} examples to ${EXAMPLES_FILE}`);
execFileSync('npm', ['run', '--silent', 'openapi'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
