// The `init` part of the bench: bundle bytes and module init ms of every esbuild bundle, each
// imported in a fresh process, one after the other.
import { pathToFileURL } from 'node:url';
import { bundleAll } from '../bundle';
import { run } from './processes';
import { type Figures, type Log, round } from './settings';

async function coldStarts(bundles: { id: string; file: string }[]): Promise<Record<string, number>> {
  const probe = 'const t=performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now()-t));';
  const env = {
    ...process.env,
    AWS_REGION: 'us-east-1',
    TABLE_NAME: 'bench',
    IDEMPOTENCY_TABLE_NAME: 'bench',
    SUMMARY_TABLE_NAME: 'bench',
    USAGE_TABLE_NAME: 'bench',
  };
  const init: Record<string, number> = {};
  for (const b of bundles) init[b.id] = round(Number(await run(process.execPath, ['--input-type=module', '-e', probe, pathToFileURL(b.file).href], { env })));
  return init;
}

export async function coldStartFigures(log: Log): Promise<Figures> {
  const bundles = await bundleAll();
  const init = await coldStarts(bundles);
  log('function                  bundle KiB   init ms');
  for (const b of [...bundles].sort((a, c) => c.bytes - a.bytes))
    log(`${b.id.padEnd(26)}${(b.bytes / 1024).toFixed(1).padStart(10)}${String(init[b.id]).padStart(10)}`);
  return {
    bundle_bytes_max: Math.max(...bundles.map((b) => b.bytes)),
    init_ms_max: Math.max(...Object.values(init)),
    calculations_bundle_bytes: bundles.find((b) => b.id === 'calculations-create')!.bytes,
  };
}
