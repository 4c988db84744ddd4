// A content artifact file as a place content is published, for a developer machine: `npm run
// content` or `npm run content:refresh` rewrites content/tax-content.json, and the running local
// service picks it up. A look is one stat; the file is read and hashed only when its size or
// modification time moved.
import { readFile, stat } from 'node:fs/promises';
import { contentBuild } from './content-build';
import type { PublishedContent, PublishedVersion } from './content-reload';

export function filePublishedContent(path: string): PublishedContent {
  let seen: { stamp: string; version: PublishedVersion } | undefined;
  return {
    name: path,
    async current() {
      const { mtimeMs, size } = await stat(path);
      const stamp = `${mtimeMs}:${size}`;
      if (seen?.stamp !== stamp) {
        const json = await readFile(path, 'utf8');
        seen = { stamp, version: { build: contentBuild(json), read: async () => json } };
      }
      return seen.version;
    },
  };
}
