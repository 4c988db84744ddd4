// The engine loop of `npm run bench`, bundled by esbuild with the functions' options and run in a
// fresh process, so it measures the code Lambda runs (not the dev transpiler's output). Prints one
// JSON line: documents/second of a 10-line document on one core, p50 and p99 µs per document
// (or, with the argument `content`, the load time of the content artifact).
import * as v from 'valibot';
import { contentLoadMs, taxContent } from '../functions/adapters/content/content-file';
import { calculate } from '../functions/core/tax/engine';
import type { EngineContext } from '../functions/core/tax/types';
import { CalculationRequestSchema } from '../functions/schemas/document';
import { TEN_LINES } from './bench-document';

const content = taxContent();
// `content` mode: only the cold load of the artifact (read + parse + index), for the median of runs.
if (process.argv[2] === 'content') {
  console.log(JSON.stringify({ contentLoadMs: contentLoadMs() }));
  process.exit(0);
}
const ctx: EngineContext = {
  content,
  today: '2026-04-15',
  now: new Date('2026-04-15T00:00:00Z'),
  tenant: { accountId: 'bench', environment: 'sandbox' },
  settings: { nexus: 'all', illinois: { derive_seller_posture: false, in_state_selling_enabled: false }, declarationSecret: 'x', updatedAt: '' },
  locations: [],
  actingLocation: null,
  items: new Map(),
  certificates: new Map(),
  simulate: null,
};
const doc = v.parse(CalculationRequestSchema, TEN_LINES);
for (let i = 0; i < 20_000; i++) calculate(doc, ctx);
const n = Number(process.argv[2] ?? 200_000);
const times = new Float64Array(n);
const start = process.hrtime.bigint();
for (let i = 0; i < n; i++) {
  const t = process.hrtime.bigint();
  calculate(doc, ctx);
  times[i] = Number(process.hrtime.bigint() - t) / 1000;
}
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
times.sort();
console.log(JSON.stringify({ docsPerSec: Math.round(n / seconds), p50: times[Math.floor(n / 2)], p99: times[Math.floor(n * 0.99)] }));
