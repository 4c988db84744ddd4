// The one bundling definition: both consumers agree, and a real bundle is what Lambda and the
// local runner's `bundles` mode expect.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { NEXUS_RULES_FILE_NAME } from '../../functions/adapters/content/nexus-rules-file';
import { ZIP_CENTROIDS_FILE_NAME } from '../../functions/adapters/content/zip-centroids-file';
import { routeEntry } from '../../functions/manifest/route';
import { ROUTES } from '../../functions/manifest/routes';
import { AVATAX_ADDRESSES_RESOLVE, AVATAX_ADDRESSES_ROUTES } from '../../functions/manifest/routes/avatax';
import { CONTENT_ARTIFACT, esbuildOptions, type FunctionBundle, functionBundles, nodejsBundling } from '../../lib/bundling';
import { BUILD_DIR, handlerModule, PROJECT_ROOT } from '../../lib/paths';
import { bundleAll } from '../../scripts/bundle';

const BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

describe('bundling options', () => {
  it('are the same for NodejsFunction and the esbuild script', () => {
    const cdk = nodejsBundling({ content: false });
    const script = esbuildOptions('functions/handlers/gateway/authorizer.ts', '/tmp/out.mjs');
    expect(cdk).toMatchObject({ format: 'esm', target: 'node22', minify: true, sourceMap: false, banner: BANNER, externalModules: [] });
    expect(script).toMatchObject({
      format: 'esm',
      target: 'node22',
      platform: 'node',
      bundle: true,
      minify: true,
      sourcemap: false,
      banner: { js: BANNER },
      external: [],
    });
    expect(script.mainFields).toEqual(cdk.mainFields);
    expect(cdk.mainFields).toEqual(['module', 'main']);
  });

  it('copy the tax content next to the bundle of content routes only', () => {
    expect(nodejsBundling({ content: true }).commandHooks?.afterBundling('/in', '/out')).toEqual([`cp -R "/in/${CONTENT_ARTIFACT}" "/out/tax-content.json"`]);
    expect(nodejsBundling({ content: false }).commandHooks?.afterBundling('/in', '/out')).toEqual([]);
  });

  it('name each route bundle by its route id, built from a handler module that exists', () => {
    const bundles = new Map(functionBundles().map((b) => [b.id, b.entry]));
    for (const route of ROUTES) {
      expect(bundles.get(route.id)).toBe(routeEntry(route));
      expect(existsSync(handlerModule(routeEntry(route))), routeEntry(route)).toBe(true);
      expect(handlerModule(routeEntry(route), route.id)).toBe(join(BUILD_DIR, route.id, 'index.mjs'));
    }
    expect(bundles.has('authorizer')).toBe(true);
    expect(new Set(bundles.values()).size, 'no two functions share a handler module').toBe(bundles.size);
  });
});

describe('bundleAll', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'stx-bundle-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('builds an ESM bundle with the require banner and the content beside it', async () => {
    const [built] = await bundleAll({ only: 'config-get', outDir });
    expect(built).toMatchObject({ id: 'config-get', file: join(outDir, 'config-get', 'index.mjs') });
    expect(built!.bytes).toBeGreaterThan(0);
    expect(readFileSync(built!.file, 'utf8').startsWith(BANNER)).toBe(true);
    expect(existsSync(join(outDir, 'config-get', 'tax-content.json'))).toBe(true);
  });

  it('ships the ZIP centroids with the address-resolve functions only, beside the tax content', async () => {
    const [resolve] = await bundleAll({ only: AVATAX_ADDRESSES_RESOLVE.id, outDir });
    const dir = join(outDir, AVATAX_ADDRESSES_RESOLVE.id);
    expect(resolve!.bytes).toBeGreaterThan(0);
    expect([existsSync(join(dir, 'tax-content.json')), existsSync(join(dir, ZIP_CENTROIDS_FILE_NAME))]).toEqual([true, true]);
    expect(existsSync(join(outDir, 'config-get', ZIP_CENTROIDS_FILE_NAME))).toBe(false);
    const shipping = functionBundles().filter((b) => b.files.some((f) => basename(f) === ZIP_CENTROIDS_FILE_NAME));
    expect(shipping.map((b) => b.id).sort()).toEqual(AVATAX_ADDRESSES_ROUTES.map((r) => r.id).sort());
  });

  it('builds a loadable authorizer', async () => {
    const [built] = await bundleAll({ only: 'authorizer', outDir });
    const mod = (await import(pathToFileURL(built!.file).href)) as { handler?: unknown };
    expect(typeof mod.handler).toBe('function');
  });
});

describe('content files', () => {
  // A function whose bundle reads a content file must ship it: on a developer machine the loader
  // falls back to the project's content/ folder, so only the bundle's inputs tell.
  const readers = [
    { module: 'functions/adapters/content/content-file.ts', ships: (b: FunctionBundle) => b.content },
    { module: 'functions/adapters/content/nexus-rules-file.ts', ships: (b: FunctionBundle) => b.files.some((f) => basename(f) === NEXUS_RULES_FILE_NAME) },
    { module: 'functions/adapters/content/zip-centroids-file.ts', ships: (b: FunctionBundle) => b.files.some((f) => basename(f) === ZIP_CENTROIDS_FILE_NAME) },
  ];

  it('ship beside every bundle that reads them, and only there', async () => {
    const bundles = functionBundles();
    const outdir = mkdtempSync(join(tmpdir(), 'stx-inputs-'));
    // One build per value of the content flag, as each function is built.
    const outputs = await Promise.all(
      [true, false].map(async (content) => {
        const { metafile } = await build({
          ...esbuildOptions(bundles[0]!.entry, join(outdir, 'unused.mjs'), content),
          entryPoints: Object.fromEntries(bundles.filter((b) => b.content === content).map((b) => [b.id, join(PROJECT_ROOT, b.entry)])),
          outfile: undefined,
          outdir,
          write: false,
          metafile: true,
        });
        return Object.entries(metafile!.outputs);
      }),
    );
    rmSync(outdir, { recursive: true, force: true });
    // Outputs are named by entry; each lists the modules that kept code in it.
    const inputs = new Map(
      outputs.flat().map(([file, out]) => [
        basename(file).replace(/\.[^.]+$/, ''),
        Object.entries(out.inputs)
          .filter(([, input]) => input.bytesInOutput > 0)
          .map(([path]) => path),
      ]),
    );
    for (const { module, ships } of readers) {
      const reading = bundles.filter((b) => inputs.get(b.id)!.includes(module)).map((b) => b.id);
      const shipping = bundles.filter(ships).map((b) => b.id);
      expect(shipping.sort(), module).toEqual(reading.sort());
    }
  }, 120_000);
});
