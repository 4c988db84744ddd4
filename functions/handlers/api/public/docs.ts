// GET /docs (no key): the interactive API reference. Swagger UI's files are inlined into the page
// from the function's own bundle, so it works offline and loads nothing from a CDN; it reads
// ./api/v1/openapi.json relative to itself, so it describes and calls the deployment serving it.
// Like the console, the page carries a Content-Security-Policy admitting exactly its inlined
// blocks by hash (no framing, no other origin), and a key typed into "Authorize" lives in the
// tab's memory only: Swagger UI does not persist it, and a key an earlier version of this page
// left in local storage is removed.

import { pageHeaders, sha256Source } from '../../../http/page-headers';
import { publicHandler } from '../../../http/public-handler';
import { staticFile } from '../../../http/static-file';
import { DOCS_GET } from '../../../manifest/routes/public';

const [SCRIPT, STYLE] = DOCS_GET.files;

/** The page's own script: starts Swagger UI on this deployment's document. */
const INIT = `try {
  localStorage.removeItem('authorized');
} catch {}
window.ui = SwaggerUIBundle({
  url: new URL('api/v1/openapi.json', location.href.replace(/\\/docs\\/?(?:[?#].*)?$/, '/')).href,
  dom_id: '#reference',
  deepLinking: true,
  persistAuthorization: false,
  displayRequestDuration: true,
  tryItOutEnabled: true,
});`;

let page: { readonly body: string; readonly headers: Readonly<Record<string, string>> } | undefined;

function render(): NonNullable<typeof page> {
  // `</script` or `</style` inside the inlined files would end their element early.
  const script = staticFile(SCRIPT).replaceAll('</script', '<\\/script');
  const style = staticFile(STYLE).replaceAll('</style', '<\\/style');
  const headers = pageHeaders([
    "default-src 'none'",
    `script-src ${sha256Source(script)} ${sha256Source(INIT)}`,
    `style-src ${sha256Source(style)}`,
    // The document and "Try it out" go to this deployment only.
    "connect-src 'self'",
    // Swagger UI's icons are data: URLs in its stylesheet.
    "img-src 'self' data:",
  ]);
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sales Tax API reference</title>
<style>${style}</style>
</head>
<body>
<div id="reference"></div>
<script>${script}</script>
<script>${INIT}</script>
</body>
</html>
`;
  return { body, headers };
}

export const handler = publicHandler(DOCS_GET, () => {
  page ??= render();
  return { contentType: 'text/html; charset=utf-8', body: page.body, headers: page.headers };
});
