// Where a content file is: in a Lambda bundle next to the handler (esbuild makes this module part
// of the bundle, so its own location is the handler's); on a developer machine the project's
// content/ folder, three levels up from this one.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The path of content file `name` (`override` first, when set); `what` names it in the error. */
export function contentFilePath(name: string, what: string, override?: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [override, join(here, name), join(here, '..', '..', '..', 'content', name)];
  const found = candidates.find((p): p is string => p !== undefined && existsSync(p));
  if (!found) throw new Error(`${what} not found (looked in ${candidates.filter(Boolean).join(', ')}); run npm run content`);
  return found;
}
