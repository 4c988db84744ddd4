// The engine loops of `npm run bench`, bundled by esbuild with the functions' options and run in a
// fresh process, so they measure the code Lambda runs (not the dev transpiler's output). Each mode
// prints one JSON line:
//   content       the cold load of the content artifact (read + parse + index)
//   engine [n]    documents/second of the bench's 10-line document on one core, p50/p99 µs each
//   versus [ms]   this engine against npm `sales-tax` (the peer) in this one process, on the same
//                 lines: ZIPS_PER_ROUND ZIP codes of the content's rate table spread over every
//                 state, ten lines a document; rounds alternate (engine, peer, engine, …) for
//                 about `ms` milliseconds of CPU each side after a warm-up, and each side's
//                 lines/second is its lines over its own CPU time. The engine taxes each line to its ZIP's
//                 jurisdictions, taxability and half-up cents; the peer looks up the line's state
//                 rate and multiplies (`getAmountWithSalesTax`, a Promise per line, awaited one
//                 after the other: faster for it than awaiting a document's ten together).
//   boundaries [n] n coordinate lookups (functions/core/content/boundaries.ts) in 540 areas (CDTFA's
//                 count of tax areas) of 400 vertices each over 10°×10°, p50/p99 µs per lookup,
//                 and the state's index build (its first lookup) in ms

import salesTax from 'sales-tax';
import * as v from 'valibot';
import { contentLoadMs, taxContent } from '../../functions/adapters/content/content-file';
import { BoundaryIndex } from '../../functions/core/content/boundaries';
import { calculate } from '../../functions/core/tax/engine';
import type { DocumentInput } from '../../functions/core/tax/input';
import type { EngineContext } from '../../functions/core/tax/types';
import { CalculationRequestSchema } from '../../functions/schemas/document';
import { commandLine, refuse } from '../../lib/command-line';
import { TEN_LINES } from './document';
import { benchEngineContext } from './engine-context';

const MODES = ['content', 'engine', 'versus', 'boundaries'];
const spec = {
  command: 'npx tsx scripts/bench/engine.ts',
  summary: "The engine loops of npm run bench (which runs them as an esbuild bundle with the functions' options, as Lambda runs them); prints one JSON line.",
  args: [
    {
      name: 'mode',
      description:
        'content (cold load of the artifact), engine (documents/second; the default), versus (engine against npm sales-tax) or boundaries (coordinate lookups)',
    },
    {
      name: 'amount',
      description: 'engine: documents to run (default 200000); versus: milliseconds of CPU per side (default 3000); boundaries: lookups (default 200000)',
    },
  ],
} as const;
const { args } = commandLine(spec);
const mode = args[0] ?? 'engine';
if (!MODES.includes(mode)) refuse(spec, `<mode> is one of ${MODES.join(', ')}`);

// `boundaries` mode: coordinate lookups in a state's official boundaries, without the content.
if (mode === 'boundaries') {
  console.log(JSON.stringify(boundaryLookups(Number(args[1] ?? 200_000))));
  process.exit(0);
}

/**
 * 540 areas on a jittered 27 × 20 grid over 10° × 10°, each a closed ring of 400 vertices (a wavy
 * circle inside its cell), and n points drawn at random over the whole square (some in no area).
 */
function boundaryLookups(n: number): { p50: number; p99: number; buildMs: number; found: number } {
  let seed = 29;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const [cols, rows, size] = [27, 20, 10];
  const areas = [];
  for (let c = 0; c < cols; c++)
    for (let r = 0; r < rows; r++) {
      const [w, h] = [size / cols, size / rows];
      const [cx, cy] = [-120 + (c + 0.5) * w, 35 + (r + 0.5) * h];
      const ring: number[] = [];
      for (let k = 0; k < 400; k++) {
        const a = (k / 400) * 2 * Math.PI;
        const wobble = 0.42 + 0.06 * Math.sin(a * 7 + c) + 0.02 * random();
        ring.push(cx + Math.cos(a) * w * wobble, cy + Math.sin(a) * h * wobble);
      }
      ring.push(ring[0]!, ring[1]!);
      areas.push({ region: c * rows + r, polygons: [[ring]] });
    }
  const points = Array.from({ length: n }, () => [-120 + random() * size, 35 + random() * size] as const);
  let t = process.hrtime.bigint();
  const index = new BoundaryIndex({ areas, zip4: '' });
  index.locate(points[0]![0], points[0]![1]);
  const buildMs = Number(process.hrtime.bigint() - t) / 1e6;
  for (let i = 0; i < 50_000; i++) index.locate(points[i % n]![0], points[i % n]![1]);
  const times = new Float64Array(n);
  let found = 0;
  for (let i = 0; i < n; i++) {
    const [lon, lat] = points[i]!;
    t = process.hrtime.bigint();
    if (index.locate(lon, lat) !== undefined) found++;
    times[i] = Number(process.hrtime.bigint() - t) / 1000;
  }
  times.sort();
  return { p50: times[Math.floor(n / 2)]!, p99: times[Math.floor(n * 0.99)]!, buildMs: Math.round(buildMs * 10) / 10, found };
}

const content = taxContent();
// `content` mode: only the cold load of the artifact (read + parse + index), for the median of runs.
if (mode === 'content') {
  console.log(JSON.stringify({ contentLoadMs: contentLoadMs() }));
  process.exit(0);
}
const ctx: EngineContext = benchEngineContext(content, '2026-04-15', { accountId: 'bench', environment: 'sandbox' }, '2026-04-15T00:00:00Z');

function engineLoop(n: number): { docsPerSec: number; p50: number; p99: number } {
  const doc = v.parse(CalculationRequestSchema, TEN_LINES);
  for (let i = 0; i < 20_000; i++) calculate(doc, ctx);
  const times = new Float64Array(n);
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    calculate(doc, ctx);
    times[i] = Number(process.hrtime.bigint() - t) / 1000;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  times.sort();
  return { docsPerSec: Math.round(n / seconds), p50: times[Math.floor(n / 2)]!, p99: times[Math.floor(n * 0.99)]! };
}

const ZIPS_PER_ROUND = 1000;
/** Tax codes of the bench document, in turn: general goods, clothing, groceries, software, shipping. */
const CODES = [undefined, '20010', '40030', '30070', 'SHIPPING'] as const;

/**
 * Every k-th row of the rate table (sorted by state and ZIP), so each state appears in proportion to
 * its ZIP codes; Illinois is left out because its lines need a seller posture the peer has no notion of.
 */
function sampleZips(): { state: string; zip: string }[] {
  const rows = [...content.rows().values()].filter((r) => r.state !== 'IL').sort((a, b) => a.state.localeCompare(b.state) || a.zip.localeCompare(b.zip));
  const step = rows.length / ZIPS_PER_ROUND;
  return Array.from({ length: ZIPS_PER_ROUND }, (_, i) => rows[Math.floor(i * step)]!).map(({ state, zip }) => ({ state, zip }));
}

async function versus(msPerSide: number): Promise<Record<string, number>> {
  const zips = sampleZips();
  const lines = zips.map(({ state, zip }, i) => ({ state, zip, amount: 10 + ((i * 37) % 990) + (i % 100) / 100, tax_code: CODES[i % CODES.length] }));
  const docs: DocumentInput[] = [];
  for (let i = 0; i < lines.length; i += 10)
    docs.push(
      v.parse(CalculationRequestSchema, {
        date: '2026-04-15',
        ship_to: { state: lines[i]!.state, zip: lines[i]!.zip },
        lines: lines.slice(i, i + 10).map((l) => ({ amount: l.amount, tax_code: l.tax_code, ship_to: { state: l.state, zip: l.zip } })),
      }),
    );
  const peerDocs = docs.map((_, d) => lines.slice(d * 10, d * 10 + 10));
  const engineRound = () => {
    for (const doc of docs) calculate(doc, ctx);
  };
  const peerRound = async () => {
    for (const doc of peerDocs) for (const l of doc) await salesTax.getAmountWithSalesTax('US', l.state, l.amount);
  };
  // Warm-up: both sides' code optimized before anything counts.
  for (let i = 0; i < 50; i++) {
    engineRound();
    await peerRound();
  }
  // CPU time of this process (user + system) rather than wall time: on a shared machine a round
  // descheduled halfway would otherwise count the other processes' time against its side.
  const cpuUs = () => {
    const { user, system } = process.cpuUsage();
    return user + system;
  };
  let engineUs = 0;
  let peerUs = 0;
  let engineLines = 0;
  let peerLines = 0;
  let rounds = 0;
  while (engineUs / 1000 < msPerSide || peerUs / 1000 < msPerSide) {
    let t = cpuUs();
    engineRound();
    engineUs += cpuUs() - t;
    engineLines += lines.length;
    t = cpuUs();
    await peerRound();
    peerUs += cpuUs() - t;
    peerLines += lines.length;
    rounds++;
  }
  const engineLinesPerSec = Math.round(engineLines / (engineUs / 1e6));
  const peerLinesPerSec = Math.round(peerLines / (peerUs / 1e6));
  return { engineLinesPerSec, peerLinesPerSec, ratio: Math.round((engineLinesPerSec / peerLinesPerSec) * 100) / 100, rounds, zips: zips.length };
}

if (mode === 'versus') console.log(JSON.stringify(await versus(Number(args[1] ?? 3000))));
else console.log(JSON.stringify(engineLoop(Number(args[1] ?? 200_000))));
