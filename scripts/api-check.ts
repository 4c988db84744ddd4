// `npm run api-check`: a schema-driven check of the running service against its own description.
// It fetches GET /api/v1/openapi.json, generates requests for every operation from the document
// (fast-check over the request schemas: valid ones, and mutations the document calls invalid),
// sends them with a valid key, and checks every answer against the document with ajv (status,
// content type, body schema, X-Request-Id). It fails on any contradiction and on any 5xx, and
// counts where the service judged a request otherwise than the document does: a request the
// document calls valid refused with validation_error, or one it calls invalid accepted.
//   npm run api-check                          starts its own local runner with the test seed
//   STX_BASE_URL=<url> STX_KEY=<key> npm run api-check    checks a running deployment instead
//   API_CHECK_RUNS=<n>                         requests per operation and kind (default 20)
//   API_CHECK_ONLY=<regexp>                    only the operations whose operationId matches
import fc from 'fast-check';
import { commandLine } from '../lib/command-line';
import { KEYS } from '../test/fixtures/seed';
import { invalid, type JsonSchema, keepCrossFieldRules, valid } from './api-check/arbitrary';
import { startRunner } from './local-runner';
import { responseChecker } from './response-check';

interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required?: boolean;
  readonly schema: JsonSchema;
}
interface Operation {
  readonly operationId: string;
  readonly parameters?: Parameter[];
  readonly requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  readonly responses: Record<string, unknown>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** Query values are strings at the wire. */
const wire = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

interface Sample {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly query: Record<string, string>;
  readonly headers: Record<string, string>;
  readonly documentValid: boolean;
}

function samples(template: string, method: string, op: Operation, runs: number): Sample[] {
  const params = op.parameters ?? [];
  const paramArb = (filter: Parameter['in']) => {
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    const required: string[] = [];
    // A cursor is an opaque token only the list issues (a made-up one is refused, as documented).
    for (const p of params.filter((x) => x.in === filter && x.name !== 'cursor')) {
      // `.` and `..` are dot segments: the URL would resolve them away before the request is sent.
      record[p.name] = filter === 'path' ? valid(p.schema).filter((v) => v !== '.' && v !== '..') : valid(p.schema);
      if (p.required) required.push(p.name);
    }
    return fc.record(record, { requiredKeys: required });
  };
  const bodySchema = op.requestBody?.content['application/json'].schema;
  const make = (documentValid: boolean) =>
    fc.record({
      path: paramArb('path'),
      query: paramArb('query'),
      // Client-context headers are for provider keys; the check uses an account key.
      headers: fc.option(fc.stringMatching(/^[\x21-\x7E]{1,40}$/), { nil: undefined }),
      body: bodySchema ? (documentValid ? valid(bodySchema).map(keepCrossFieldRules) : invalid(bodySchema)) : fc.constant(undefined),
    });
  const build = (documentValid: boolean) => (s: { path: Record<string, unknown>; query: Record<string, unknown>; headers?: string; body: unknown }) => {
    let path = template;
    for (const [name, value] of Object.entries(s.path)) path = path.replace(`{${name}}`, encodeURIComponent(wire(value)));
    const query: Record<string, string> = {};
    for (const [name, value] of Object.entries(s.query)) if (value !== undefined) query[name] = wire(value);
    const headers: Record<string, string> = {};
    if (method === 'post' && s.headers) headers['Idempotency-Key'] = s.headers;
    return { method: method.toUpperCase(), path, body: s.body, query, headers, documentValid };
  };
  const out = fc.sample(make(true), { numRuns: runs }).map(build(true));
  if (bodySchema) out.push(...fc.sample(make(false), { numRuns: runs }).map(build(false)));
  return out;
}

async function main(): Promise<number> {
  commandLine({
    command: 'npm run api-check --',
    summary:
      "Checks a running service against its own OpenAPI document: requests generated from the document's schemas for every operation (valid ones and mutations it calls invalid), every answer checked against the document. Prints one summary line; fails on a contradiction, a 5xx, a valid request refused or an invalid one accepted. Without STX_BASE_URL it starts its own local runner with the test seed.",
    environment: {
      STX_BASE_URL: 'check this deployment (its URL without /api/v1) instead of a local runner',
      STX_KEY: 'the API key to use with STX_BASE_URL (an organization admin key)',
      API_CHECK_RUNS: 'requests per operation and kind (default 20)',
      API_CHECK_ONLY: 'a regular expression: only the operations whose operationId matches it',
    },
  });
  const runs = Number(process.env.API_CHECK_RUNS ?? 20);
  const only = process.env.API_CHECK_ONLY ? new RegExp(process.env.API_CHECK_ONLY) : undefined;
  const own = process.env.STX_BASE_URL ? undefined : await startRunner();
  const baseUrl = (process.env.STX_BASE_URL ?? own!.url).replace(/\/+$/, '');
  const key = process.env.STX_KEY ?? KEYS.admin;
  try {
    const docRes = await fetch(`${baseUrl}/api/v1/openapi.json`);
    if (docRes.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${docRes.status}`);
    const document = (await docRes.json()) as Document;
    const conforms = responseChecker(document as unknown as Parameters<typeof responseChecker>[0]);
    const statuses: Record<string, number> = {};
    const contradictions: string[] = [];
    const validRefused = new Map<string, number>();
    const invalidAccepted = new Map<string, number>();
    let requests = 0;
    let serverErrors = 0;
    let operations = 0;
    for (const [template, ops] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (only && !only.test(op.operationId)) continue;
        operations++;
        const batch = samples(template, method, op, runs);
        // At most 4 in flight: estimates allow 4 concurrent calls per process (docs/getting-started.md, "Limits").
        for (let i = 0; i < batch.length; i += 4) {
          await Promise.all(
            batch.slice(i, i + 4).map(async (s) => {
              const url = new URL(`${baseUrl}${s.path}`);
              for (const [k, v] of Object.entries(s.query)) url.searchParams.set(k, v);
              const headers: Record<string, string> = { Authorization: `Bearer ${key}`, ...s.headers };
              if (s.body !== undefined) headers['Content-Type'] = 'application/json';
              const res = await fetch(url, { method: s.method, headers, body: s.body === undefined ? undefined : JSON.stringify(s.body) });
              const text = await res.text();
              let body: unknown;
              try {
                body = text ? JSON.parse(text) : undefined;
              } catch {
                body = undefined;
              }
              requests++;
              statuses[res.status] = (statuses[res.status] ?? 0) + 1;
              if (res.status >= 500) {
                serverErrors++;
                console.log(
                  `${res.status} (${res.headers.get('x-request-id')}): ${s.method} ${url.pathname}${url.search} ${JSON.stringify(s.body)?.slice(0, 400)} → ${text.slice(0, 300)}`,
                );
              }
              const problems = conforms(s.method, url.pathname, { status: res.status, headers: res.headers, body, text });
              if (problems.length > 0) contradictions.push(`${s.method} ${template} → ${res.status}: ${problems.join('; ')} ${text.slice(0, 300)}`);
              const error = (body as { error?: { code?: string; details?: { code: string; target: string }[] } } | undefined)?.error;
              if (s.documentValid && error?.code === 'validation_error') {
                const why = `${op.operationId}: ${(error.details ?? []).map((d) => `${d.code}@${d.target}`).join(', ')}`;
                validRefused.set(why, (validRefused.get(why) ?? 0) + 1);
              }
              if (!s.documentValid && res.status < 300) {
                const what = `${op.operationId}: ${JSON.stringify(s.body).slice(0, 200)}`;
                invalidAccepted.set(what, (invalidAccepted.get(what) ?? 0) + 1);
              }
            }),
          );
        }
      }
    }
    const distinct = [...new Set(contradictions)];
    for (const c of distinct.slice(0, 30)) console.log(`contradiction: ${c}`);
    for (const [why, n] of validRefused) console.log(`valid by the document, refused (${n}×): ${why}`);
    for (const [id, n] of invalidAccepted) console.log(`invalid by the document, accepted (${n}×): ${id}`);
    const byStatus = Object.entries(statuses)
      .map(([s, n]) => `${s}:${n}`)
      .join(' ');
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    console.log(
      `api-check: ${requests} requests over ${operations} operations; ${contradictions.length} contradicting the document; ${serverErrors} 5xx; ` +
        `${sum(validRefused)} valid refused; ${sum(invalidAccepted)} invalid accepted; statuses ${byStatus}`,
    );
    return contradictions.length + serverErrors + sum(validRefused) + sum(invalidAccepted) === 0 ? 0 : 1;
  } finally {
    own?.stop();
  }
}

process.exitCode = await main();
