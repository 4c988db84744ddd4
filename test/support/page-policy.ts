// A page's Content-Security-Policy as directives, and the source that admits an inline block by
// its SHA-256, computed here (not by the service's own helper) for the page tests.
import { createHash } from 'node:crypto';

export const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** `{directive: [values]}` of a Content-Security-Policy header. */
export function policyOf(headers: Headers): Record<string, string[]> {
  return Object.fromEntries(
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
}
