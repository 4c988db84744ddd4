// The browser code of the service's web pages (the operations console): built by esbuild into
// .build/web, then shipped like any other file a route reads (its `files`, copied next to the
// function's bundle). Every consumer of those files builds them first: the local runner from the
// sources (bin/local.ts), the local bundles (scripts/bundle.ts) and NodejsFunction (a
// beforeBundling hook, lib/bundling.ts), so `npm ci` then `npm start`, `npm test` or `cdk synth`
// need no extra step. The output is deterministic for the same sources and lockfile.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import { PROJECT_ROOT } from './paths';

/** Where built web assets go (git-ignored with the rest of .build). */
export const WEB_DIR = '.build/web';

export interface WebBundle {
  readonly id: string;
  /** The page's TypeScript entry; the CSS it imports becomes `style`. */
  readonly entry: string;
  /** Project paths of the outputs, as the route's `files` name them. */
  readonly script: string;
  readonly style: string;
}

export const WEB_BUNDLES: readonly WebBundle[] = [
  { id: 'console', entry: 'console/src/main.tsx', script: `${WEB_DIR}/console.js`, style: `${WEB_DIR}/console.css` },
];

/** Whether a route file is a build output of a web bundle (so it must be built before it is copied). */
export const isWebAsset = (file: string): boolean => file.startsWith(`${WEB_DIR}/`);

export function webBuildOptions(bundle: WebBundle): BuildOptions {
  return {
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [bundle.entry],
    outfile: bundle.script,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    // Browsers of the last two years; the page is an internal tool, not a public storefront.
    target: ['chrome120', 'firefox121', 'safari17', 'edge120'],
    minify: true,
    sourcemap: false,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
    charset: 'utf8',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    write: false,
    logLevel: 'warning',
  };
}

/** The npm packages a build bundled, from esbuild's metafile (their licences travel with the page). */
export function bundledPackages(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) names.add(match[1]!);
  }
  return [...names].sort();
}

function licenceBanner(packages: readonly string[]): string {
  const notices = packages.map((name) => {
    const dir = join(PROJECT_ROOT, 'node_modules', name);
    const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string; license?: string };
    const file = ['LICENSE', 'LICENSE.md', 'LICENSE.txt'].map((f) => join(dir, f)).find((f) => existsSync(f));
    const text = file ? readFileSync(file, 'utf8').trim() : `License: ${license ?? 'unknown'}`;
    return `${name} ${version}\n\n${text}`;
  });
  return `/*! Bundled third-party code and its licences:\n\n${notices.join('\n\n---\n\n').replaceAll('*/', '* /')}\n*/\n`;
}

/** Writes a file by renaming a complete temporary copy over it, and only when its text changed. */
function writeIfChanged(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return;
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

export interface BuiltWebBundle {
  readonly id: string;
  readonly scriptBytes: number;
  readonly styleBytes: number;
  readonly packages: readonly string[];
}

/**
 * Builds every web bundle into .build/web. Files are replaced atomically, so a runner serving the
 * page while another one starts (the tests start several) never reads half a file.
 */
export async function buildWebBundles(): Promise<BuiltWebBundle[]> {
  return Promise.all(
    WEB_BUNDLES.map(async (bundle) => {
      const result = await build(webBuildOptions(bundle));
      const packages = bundledPackages(result.metafile!);
      const text = (suffix: string) => {
        const file = result.outputFiles!.find((f) => relative(PROJECT_ROOT, f.path).split(sep).join('/') === suffix);
        if (!file) throw new Error(`esbuild wrote no ${suffix}`);
        return file.text;
      };
      const script = licenceBanner(packages) + text(bundle.script);
      const style = text(bundle.style);
      writeIfChanged(join(PROJECT_ROOT, bundle.script), script);
      writeIfChanged(join(PROJECT_ROOT, bundle.style), style);
      return { id: bundle.id, scriptBytes: Buffer.byteLength(script), styleBytes: Buffer.byteLength(style), packages };
    }),
  );
}
