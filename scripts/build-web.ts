// Builds the browser code of the web pages (the operations console) into .build/web
// (lib/web-assets.ts). The runner, the bundles and `cdk synth` run it themselves; this is for
// looking at the output:  npx tsx scripts/build-web.ts
import { pathToFileURL } from 'node:url';
import { buildWebBundles } from '../lib/web-assets';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const b of await buildWebBundles())
    console.log(`${b.id}: script ${(b.scriptBytes / 1024).toFixed(1)} KiB, style ${(b.styleBytes / 1024).toFixed(1)} KiB; bundled ${b.packages.join(', ')}`);
}
