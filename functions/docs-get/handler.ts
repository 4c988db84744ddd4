// GET /docs (no key): the interactive API reference. Swagger UI's files are inlined into the page
// from the function's own bundle, so it works offline and loads nothing from a CDN; it reads
// ./api/v1/openapi.json relative to itself, so it describes and calls the deployment serving it.
import { DOCS_GET } from '../../lib/routes';
import { publicHandler } from '../http/public-handler';
import { staticFile } from '../http/static-file';

const SCRIPT = 'node_modules/swagger-ui-dist/swagger-ui-bundle.js';
const STYLE = 'node_modules/swagger-ui-dist/swagger-ui.css';

let page: string | undefined;

function render(): string {
  // `</script` inside the inlined bundle would end the element early.
  const script = staticFile(SCRIPT).replaceAll('</script', '<\\/script');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sales Tax API reference</title>
<style>${staticFile(STYLE)}</style>
</head>
<body>
<div id="reference"></div>
<script>${script}</script>
<script>
window.ui = SwaggerUIBundle({
  url: new URL('api/v1/openapi.json', location.href.replace(/\\/docs\\/?(?:[?#].*)?$/, '/')).href,
  dom_id: '#reference',
  deepLinking: true,
  persistAuthorization: true,
  displayRequestDuration: true,
  tryItOutEnabled: true,
});
</script>
</body>
</html>
`;
}

export const handler = publicHandler(DOCS_GET, () => {
  page ??= render();
  return { contentType: 'text/html; charset=utf-8', body: page };
});
