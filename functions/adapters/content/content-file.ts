// Loads the tax-content artifact once per process. In a Lambda bundle the file sits next to the
// handler; on a developer machine it is the project's content/tax-content.json.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContentArtifact } from '../../core/content/artifact';
import { TaxContent } from '../../core/content/tax-content';

export const CONTENT_FILE_NAME = 'tax-content.json';

let loaded: { content: TaxContent; loadMs: number } | undefined;

function contentPath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [process.env.TAX_CONTENT_FILE, join(here, CONTENT_FILE_NAME), join(here, '..', '..', '..', 'content', CONTENT_FILE_NAME)];
  const found = candidates.find((p): p is string => p !== undefined && existsSync(p));
  if (!found) throw new Error(`tax content not found (looked in ${candidates.filter(Boolean).join(', ')}); run npm run content`);
  return found;
}

/** The process's tax content; the first call reads and indexes the artifact. */
export function taxContent(): TaxContent {
  if (!loaded) {
    const started = performance.now();
    const artifact = JSON.parse(readFileSync(contentPath(), 'utf8')) as ContentArtifact;
    const content = new TaxContent(artifact);
    loaded = { content, loadMs: performance.now() - started };
  }
  return loaded.content;
}

/** How long the first load took (read + parse + index), for benchmarks and logs. */
export const contentLoadMs = (): number | undefined => loaded?.loadMs;
