// Files a route reads (its `files` in functions/manifest/routes): next to the bundle in Lambda and in local
// bundles (the bundling copies them there), at their project path when running from the sources.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cache = new Map<string, string>();

/** The text of a project file the route ships, read once per process. */
export function staticFile(projectPath: string): string {
  let text = cache.get(projectPath);
  if (text === undefined) {
    const here = dirname(fileURLToPath(import.meta.url));
    const candidates = [join(here, basename(projectPath)), join(here, '..', '..', projectPath)];
    const found = candidates.find((p) => existsSync(p));
    if (!found) throw new Error(`${projectPath} not found (looked in ${candidates.join(', ')})`);
    text = readFileSync(found, 'utf8');
    cache.set(projectPath, text);
  }
  return text;
}
