// The console's HTML: one response carrying the whole page, its script and style inlined, so one
// Lambda serves it with no other asset to fetch. The Content-Security-Policy admits exactly those
// two inline blocks by their SHA-256 (no 'unsafe-inline'), lets the page call its own origin only
// (the API), and nothing else: no other script, style, frame, form target or base URL.
import { pageHeaders, sha256Source as sha256 } from './page-headers';

export interface Page {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The page around the built script and style (lib/web-assets.ts), with its security headers. */
export function consolePage(builtScript: string, builtStyle: string): Page {
  // Text that would close the element early inside the inlined code.
  const script = builtScript.replaceAll('</script', '<\\/script');
  const style = builtStyle.replaceAll('</style', '<\\/style');
  const headers = pageHeaders([
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(style)}`,
    "connect-src 'self'",
    // The favicon is an empty data: URL, so the browser asks the API for no /favicon.ico.
    'img-src data:',
    "require-trusted-types-for 'script'",
  ]);
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Sales Tax operations console</title>
<link rel="icon" href="data:,">
<style>${style}</style>
</head>
<body>
<noscript><p>The operations console needs JavaScript. The API itself is at api/v1 (reference: docs).</p></noscript>
<div id="app"></div>
<script>${script}</script>
</body>
</html>
`;
  return { body, headers };
}
