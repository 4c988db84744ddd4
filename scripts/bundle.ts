// Bundles every function into .build/functions/<id>/index.mjs with the same esbuild options the
// stack uses (lib/bundling.ts). The local runner's `bundles` mode and the benchmarks load these.
//   npm run bundle -- [--only <id>]
import { cpSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { build } from 'esbuild';
import { CONTENT_ARTIFACT, esbuildOptions, functionBundles } from '../lib/bundling';
import { commandLine, isMain } from '../lib/command-line';
import { BUILD_DIR, PROJECT_ROOT } from '../lib/paths';
import { buildWebBundles, isWebAsset } from '../lib/web-assets';

export interface BuiltBundle {
  readonly id: string;
  readonly file: string;
  readonly bytes: number;
}

export async function bundleAll(options: { only?: string; outDir?: string } = {}): Promise<BuiltBundle[]> {
  const outDir = options.outDir ?? BUILD_DIR;
  const selected = functionBundles().filter((b) => !options.only || b.id === options.only);
  if (selected.length === 0) throw new Error(`no function with id ${options.only}`);
  // Web pages' files are build outputs: built first, then copied like any other route file.
  if (selected.some((b) => b.files.some(isWebAsset))) await buildWebBundles();
  return Promise.all(
    selected.map(async ({ id, entry, content, files }) => {
      const dir = join(outDir, id);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const file = join(dir, 'index.mjs');
      await build(esbuildOptions(entry, file, content));
      for (const file of [...(content ? [CONTENT_ARTIFACT] : []), ...files]) cpSync(join(PROJECT_ROOT, file), join(dir, basename(file)), { recursive: true });
      return { id, file, bytes: statSync(file).size };
    }),
  );
}

if (isMain(import.meta.url)) {
  const { values } = commandLine({
    command: 'npm run bundle --',
    summary:
      'Bundles every function into .build/functions/<id>/index.mjs with the esbuild options of the stack (what Lambda runs; STX_BUNDLES=1 npm start serves them).',
    options: { only: { type: 'string', value: '<id>', description: 'one function only (its route id, e.g. calculations-create)' } },
  });
  const bundles = await bundleAll({ only: values.only });
  for (const b of bundles) console.log(`${b.id.padEnd(24)} ${(b.bytes / 1024).toFixed(1).padStart(8)} KiB  ${relative(PROJECT_ROOT, b.file)}`);
}
