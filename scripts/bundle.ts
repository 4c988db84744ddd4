// Bundles every function into .build/functions/<id>/index.mjs with the same esbuild options the
// stack uses (lib/bundling.ts). The local runner's `bundles` mode and the benchmarks load these.
//   npx tsx scripts/bundle.ts [--only <id>]
import { copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { CONTENT_ARTIFACT, esbuildOptions, functionBundles } from '../lib/bundling';
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
      await build(esbuildOptions(entry, file));
      for (const file of [...(content ? [CONTENT_ARTIFACT] : []), ...files]) copyFileSync(join(PROJECT_ROOT, file), join(dir, basename(file)));
      return { id, file, bytes: statSync(file).size };
    }),
  );
}

function onlyArgument(argv: readonly string[]): string | undefined {
  const at = argv.indexOf('--only');
  if (at === -1) return undefined;
  const id = argv[at + 1];
  if (!id) throw new Error('--only needs a function id');
  return id;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const bundles = await bundleAll({ only: onlyArgument(process.argv.slice(2)) });
  for (const b of bundles) console.log(`${b.id.padEnd(24)} ${(b.bytes / 1024).toFixed(1).padStart(8)} KiB  ${relative(PROJECT_ROOT, b.file)}`);
}
