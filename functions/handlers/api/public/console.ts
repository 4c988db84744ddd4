// GET /console (no key): the operations console. The page itself holds no data and needs no key;
// in the browser it signs in with an API key and calls the public API with it
// (console/README.md). Its script and style, built by lib/web-assets.ts, are files of this route,
// read and hashed once per process.

import { consolePage, type Page } from '../../../http/console-page';
import { publicHandler } from '../../../http/public-handler';
import { staticFile } from '../../../http/static-file';
import { CONSOLE_GET } from '../../../manifest/routes/public';

const [SCRIPT, STYLE] = CONSOLE_GET.files;

let page: Page | undefined;

export const handler = publicHandler(CONSOLE_GET, () => {
  page ??= consolePage(staticFile(SCRIPT), staticFile(STYLE));
  return { contentType: 'text/html; charset=utf-8', body: page.body, headers: page.headers };
});
