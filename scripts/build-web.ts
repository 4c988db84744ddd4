// Builds the browser code of the web pages (the operations console) into .build/web
// (lib/web-assets.ts). The runner, the bundles and `cdk synth` run it themselves; this is for
// looking at the output:  npx tsx scripts/build-web.ts
import { commandLine, isMain } from '../lib/command-line';
import { buildWebBundles } from '../lib/web-assets';

if (isMain(import.meta.url)) {
  commandLine({
    command: 'npx tsx scripts/build-web.ts',
    summary: "Builds the operations console's browser code into .build/web and prints the sizes (npm start, npm run bundle and cdk synth build it themselves).",
  });
  for (const b of await buildWebBundles())
    console.log(`${b.id}: script ${(b.scriptBytes / 1024).toFixed(1)} KiB, style ${(b.styleBytes / 1024).toFixed(1)} KiB; bundled ${b.packages.join(', ')}`);
}
