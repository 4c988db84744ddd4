// The console's HTML: one response carrying the whole page, its script and style inlined, so one
// Lambda serves it with no other asset to fetch. The Content-Security-Policy admits exactly those
// two inline blocks by their SHA-256 (no 'unsafe-inline'), lets the page call its own origin only
// (the API), and nothing else: no other script, style, frame, form target or base URL.
import { createHash } from 'node:crypto';

export interface Page {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page around the built script and style (lib/web-assets.ts), with its security headers. */
export function consolePage(builtScript: string, builtStyle: string): Page {
  // Text that would close the element early inside the inlined code.
  const script = builtScript.replaceAll('</script', '<\\/script');
  const style = builtStyle.replaceAll('</style', '<\\/style');
  const policy = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(style)}`,
    "connect-src 'self'",
    // The favicon is an empty data: URL, so the browser asks the API for no /favicon.ico.
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
  ].join('; ');
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
  return {
    body,
    headers: {
      'Content-Security-Policy': policy,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      'Strict-Transport-Security': 'max-age=31536000',
    },
  };
}
