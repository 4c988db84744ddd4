// The security headers of the HTML pages the service serves (/docs, /console): a
// Content-Security-Policy that admits the page's own inline blocks by their SHA-256 (no
// 'unsafe-inline') and lets the page call its own origin only, no framing by anyone, no MIME
// sniffing, no referrer, and an isolated browsing context.
import { createHash } from 'node:crypto';

/** A CSP source naming an inline block by its SHA-256. */
export const sha256Source = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Headers of a page whose policy is `directives` (frame-ancestors, base-uri and form-action are always 'none'). */
export function pageHeaders(directives: readonly string[]): Readonly<Record<string, string>> {
  const policy = [...directives, "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ');
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Strict-Transport-Security': 'max-age=31536000',
  };
}
