// The `engine` part of the bench: the engine loops (scripts/bench/engine.ts) bundled like a
// function and run in fresh processes: the content load (median of 5 cold loads), the engine
// throughput, the comparison with the peer (the run with the median ratio of 3) and coordinate
// lookups in official boundaries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { CONTENT_ARTIFACT, esbuildOptions } from '../../lib/bundling';
import { PROJECT_ROOT } from '../../lib/paths';
import { run } from './processes';
import { type Figures, type Log, median, round } from './settings';

interface EngineFigures {
  readonly docsPerSec: number;
  readonly p50: number;
  readonly p99: number;
  readonly contentLoadMs: number;
  readonly versus: { readonly engineLinesPerSec: number; readonly peerLinesPerSec: number; readonly ratio: number };
  readonly boundaries: { readonly p50: number; readonly p99: number; readonly buildMs: number };
}

async function engine(): Promise<EngineFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'stx-engine-'));
  try {
    const file = join(dir, 'engine.mjs');
    await build(esbuildOptions('scripts/bench/engine.ts', file));
    const env = { ...process.env, TAX_CONTENT_FILE: join(PROJECT_ROOT, CONTENT_ARTIFACT) };
    const runJson = async (...a: string[]) => JSON.parse(await run(process.execPath, [file, ...a], { env }));
    const loads: number[] = [];
    for (let i = 0; i < 5; i++) loads.push((await runJson('content')).contentLoadMs as number);
    const result = (await runJson('engine', '200000')) as { docsPerSec: number; p50: number; p99: number };
    const versus: EngineFigures['versus'][] = [];
    for (let i = 0; i < 3; i++) versus.push(await runJson('versus', '3000'));
    versus.sort((a, b) => a.ratio - b.ratio);
    const boundaries = (await runJson('boundaries', '200000')) as EngineFigures['boundaries'];
    return {
      docsPerSec: result.docsPerSec,
      p50: round(result.p50, 2),
      p99: round(result.p99, 2),
      contentLoadMs: round(median(loads)),
      versus: versus[1]!,
      boundaries: { p50: round(boundaries.p50, 2), p99: round(boundaries.p99, 2), buildMs: boundaries.buildMs },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function engineFigures(log: Log): Promise<Figures> {
  const eng = await engine();
  log(`content load (read + parse + index, fresh process, median of 5): ${eng.contentLoadMs} ms`);
  log(`engine (esbuild bundle as deployed), 10-line document, one core: ${eng.docsPerSec} docs/s, p50 ${eng.p50} µs, p99 ${eng.p99} µs`);
  log(
    `engine vs npm sales-tax, same 1,000 ZIPs, alternating rounds, CPU time (median of 3 runs): ${eng.versus.engineLinesPerSec} lines/s vs ${eng.versus.peerLinesPerSec} lookups/s = ${eng.versus.ratio}`,
  );
  log(
    `coordinate lookup in official boundaries (540 areas of 400 vertices): p50 ${eng.boundaries.p50} µs, p99 ${eng.boundaries.p99} µs; a state's index built in ${eng.boundaries.buildMs} ms`,
  );
  return {
    boundary_lookup_p99_us: eng.boundaries.p99,
    engine_docs_per_sec: eng.docsPerSec,
    engine_p50_us: eng.p50,
    engine_p99_us: eng.p99,
    content_load_ms: eng.contentLoadMs,
    engine_lines_per_sec: eng.versus.engineLinesPerSec,
    peer_lines_per_sec: eng.versus.peerLinesPerSec,
    engine_vs_peer: eng.versus.ratio,
  };
}
