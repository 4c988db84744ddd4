// The one definition of how a function is bundled. NodejsFunction (cdk synth) and scripts/bundle.ts
// (local bundles, benchmarks) both derive their esbuild options from FUNCTION_BUNDLE, so what runs
// on a developer machine with `bundles` is built exactly like what Lambda runs.
import { basename, join } from 'node:path';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { LOG_CONSUMERS, QUEUES, STREAM_CONSUMERS } from '../functions/manifest/resources';
import { type RouteDef, routeEntry } from '../functions/manifest/route';
import { ROUTES } from '../functions/manifest/routes';
import { logConsumerId, PROJECT_ROOT, streamConsumerId, workerId } from './paths';
import { isWebAsset } from './web-assets';

/** The artifact a `content: true` function reads next to its handler (functions/adapters/content/content-file.ts). */
export const CONTENT_ARTIFACT = 'content/tax-content.json';

export const AUTHORIZER_ENTRY = 'functions/handlers/gateway/authorizer.ts';
/** The scheduled sweeper of pending work (functions/handlers/scheduled/sweeper.ts). */
export const SWEEPER_ENTRY = 'functions/handlers/scheduled/sweeper.ts';
/** The scheduled content refresh (lives with the pipeline: functions/ may not import scripts/). */
export const CONTENT_REFRESH_ENTRY = 'scripts/content/refresh/scheduled.ts';
/** It refreshes a copy of the data folder shipped beside it. */
export const CONTENT_REFRESH_FILES = ['data'] as const;
/** The sweeper tells due nexus tests, so it reads the nexus rules. */
export const SWEEPER_FILES = ['content/nexus-rules.json'] as const;

const FUNCTION_BUNDLE = {
  target: 'node22',
  minify: true,
  sourcemap: false,
  mainFields: ['module', 'main'],
  // ESM output: CommonJS dependencies (the AWS SDK's, Powertools') still call require().
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
  // Everything is bundled, the AWS SDK included: the runtime's copy is not the version we test.
  external: [] as string[],
} as const;

export interface FunctionBundle {
  /** Directory under .build/functions; for routes, the route id. */
  readonly id: string;
  readonly entry: string;
  readonly content: boolean;
  /** Project files copied next to the bundle (a route's `files`). */
  readonly files: readonly string[];
}

export { logConsumerId, streamConsumerId, workerId } from './paths';

/** Every function the service deploys: the routes, the queue, stream and log workers, the authorizer and the sweeper. */
export function functionBundles(): FunctionBundle[] {
  return [
    ...(ROUTES as readonly RouteDef[]).map((route) => ({ id: route.id, entry: routeEntry(route), content: route.content ?? false, files: route.files ?? [] })),
    ...QUEUES.flatMap((queue) => (queue.worker ? [{ id: workerId(queue), entry: queue.worker, content: queue.content ?? false, files: [] }] : [])),
    ...STREAM_CONSUMERS.map((consumer) => ({ id: streamConsumerId(consumer), entry: consumer.handler, content: false, files: consumer.files ?? [] })),
    ...LOG_CONSUMERS.map((consumer) => ({ id: logConsumerId(consumer), entry: consumer.handler, content: false, files: [] })),
    { id: 'authorizer', entry: AUTHORIZER_ENTRY, content: false, files: [] },
    { id: 'sweeper', entry: SWEEPER_ENTRY, content: false, files: SWEEPER_FILES },
    { id: 'content-refresh', entry: CONTENT_REFRESH_ENTRY, content: false, files: CONTENT_REFRESH_FILES },
  ];
}

/**
 * Whether the bundle ships the tax content, as a constant the minifier folds: a function without
 * it never reloads content, so functions/http/handler.ts's reload step and the reloader drop out of
 * its bundle. Unset when the sources run as they are (the local runner, the tests): a route's own
 * `content` decides then.
 */
export const BUNDLE_CONTENT_FLAG = 'process.env.STX_BUNDLE_CONTENT';
const contentDefine = (content: boolean) => ({ [BUNDLE_CONTENT_FLAG]: content ? '"1"' : '"0"' });

/** NodejsFunction bundling (local esbuild; Docker is never needed because esbuild is a devDependency). */
export function nodejsBundling(options: { content: boolean; files?: readonly string[] }): BundlingOptions {
  const copied = [...(options.content ? [CONTENT_ARTIFACT] : []), ...(options.files ?? [])];
  return {
    format: OutputFormat.ESM,
    target: FUNCTION_BUNDLE.target,
    minify: FUNCTION_BUNDLE.minify,
    sourceMap: FUNCTION_BUNDLE.sourcemap,
    mainFields: [...FUNCTION_BUNDLE.mainFields],
    banner: FUNCTION_BUNDLE.banner,
    define: contentDefine(options.content),
    externalModules: [...FUNCTION_BUNDLE.external],
    commandHooks: {
      // Web pages' files are build outputs (lib/web-assets.ts): built before they are copied.
      beforeBundling: (inputDir) => (copied.some(isWebAsset) ? [`cd "${inputDir}" && npx --no-install tsx scripts/build-web.ts`] : []),
      beforeInstall: () => [],
      afterBundling: (inputDir, outputDir) => copied.map((file) => `cp -R "${join(inputDir, file)}" "${join(outputDir, basename(file))}"`),
    },
  };
}

/** esbuild JS API options for one bundle written to `outfile`. */
export function esbuildOptions(entry: string, outfile: string, content = false): BuildOptions {
  return {
    define: contentDefine(content),
    entryPoints: [join(PROJECT_ROOT, entry)],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: FUNCTION_BUNDLE.target,
    minify: FUNCTION_BUNDLE.minify,
    sourcemap: FUNCTION_BUNDLE.sourcemap,
    mainFields: [...FUNCTION_BUNDLE.mainFields],
    banner: { js: FUNCTION_BUNDLE.banner },
    external: [...FUNCTION_BUNDLE.external],
    logLevel: 'warning',
  };
}
