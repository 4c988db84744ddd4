// Holds the process's tax content. It starts as the artifact bundled with the function (next to the
// handler in a Lambda bundle; the project's content/tax-content.json on a developer machine) and is
// replaced whole when a newer version is published (content-reload.ts), so a running function picks
// up a refresh without a redeploy. A request takes the content once and keeps that instance.
import { readFileSync } from 'node:fs';
import { ARTIFACT_FORMAT, type ContentArtifact } from '../../core/content/artifact';
import { TaxContent } from '../../core/content/tax-content';
import { contentBuild } from './content-build';
import { contentFilePath } from './content-path';

export const CONTENT_FILE_NAME = 'tax-content.json';

export interface HeldContent {
  readonly content: TaxContent;
  /** Where it came from: the function's bundle or the content store. */
  readonly origin: 'bundled' | 'published';
  /** The build id of its bytes; of the bundled file, computed only when asked. */
  build: string | undefined;
  /** When the store published it (absent for the bundled file). */
  readonly publishedAt?: string;
  /** Read + parse + index, in ms. */
  readonly loadMs: number;
}

let held: HeldContent | undefined;

/** The bundled artifact's path (TAX_CONTENT_FILE overrides). */
const bundledContentPath = (): string => contentFilePath(CONTENT_FILE_NAME, 'tax content', process.env.TAX_CONTENT_FILE);

function indexed(json: string): { content: TaxContent; loadMs: number } {
  const started = performance.now();
  const artifact = JSON.parse(json) as ContentArtifact;
  // A pipeline newer than this runtime may publish a format it cannot read: refuse it whole.
  if (artifact.format !== ARTIFACT_FORMAT) throw new Error(`not a tax content artifact of format ${ARTIFACT_FORMAT} (format ${String(artifact.format)})`);
  return { content: new TaxContent(artifact), loadMs: performance.now() - started };
}

function loadBundled(): HeldContent {
  const started = performance.now();
  const { content } = indexed(readFileSync(bundledContentPath(), 'utf8'));
  return { content, origin: 'bundled', build: undefined, loadMs: performance.now() - started };
}

/** The process's tax content; the first call reads and indexes the bundled artifact. */
export function taxContent(): TaxContent {
  held ??= loadBundled();
  return held.content;
}

/** What is held now (loading the bundled artifact if nothing is yet). */
export function heldContent(): HeldContent {
  held ??= loadBundled();
  return held;
}

/** The build id of what is held; the bundled file's is hashed on first ask (only reloads need it). */
export function heldBuild(): string {
  const current = heldContent();
  current.build ??= contentBuild(readFileSync(bundledContentPath()));
  return current.build;
}

/** Replaces the held content with a published artifact; throws (and keeps the old) if it cannot be read. */
export function installContent(json: string, build: string, publishedAt: string | undefined): HeldContent {
  const { content, loadMs } = indexed(json);
  held = { content, origin: 'published', build, loadMs, ...(publishedAt ? { publishedAt } : {}) };
  return held;
}

/** How long the first load took (read + parse + index), for benchmarks and logs. */
export const contentLoadMs = (): number | undefined => held?.loadMs;
