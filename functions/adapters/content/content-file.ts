// Loads the tax-content artifact once per process. In a Lambda bundle the file sits next to the
// handler; on a developer machine it is the project's content/tax-content.json.
import { readFileSync } from 'node:fs';
import type { ContentArtifact } from '../../core/content/artifact';
import { TaxContent } from '../../core/content/tax-content';
import { contentFilePath } from './content-path';

export const CONTENT_FILE_NAME = 'tax-content.json';

let loaded: { content: TaxContent; loadMs: number } | undefined;

/** The process's tax content; the first call reads and indexes the artifact. */
export function taxContent(): TaxContent {
  if (!loaded) {
    const started = performance.now();
    const artifact = JSON.parse(readFileSync(contentFilePath(CONTENT_FILE_NAME, 'tax content', process.env.TAX_CONTENT_FILE), 'utf8')) as ContentArtifact;
    const content = new TaxContent(artifact);
    loaded = { content, loadMs: performance.now() - started };
  }
  return loaded.content;
}

/** How long the first load took (read + parse + index), for benchmarks and logs. */
export const contentLoadMs = (): number | undefined => loaded?.loadMs;
