// Sends one webhook attempt: an HTTP POST with a 10-second budget for the whole exchange, no
// redirects followed, and the target guard applied inside the connection's own DNS lookup, so the
// address checked is the address connected to. Nothing of the body or headers is logged.

import type { LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { AttemptResult } from '../../core/webhooks/delivery';
import type { WebhookTransport } from '../../core/webhooks/ports';
import { addressAllowed, checkTarget, checkUrlForm, hostOf, type Resolver, type TargetPolicy } from './target-guard';

export const DELIVERY_TIMEOUT_MS = 10_000;

class TargetRefused extends Error {
  override readonly name = 'TargetRefused';
}

export function httpTransport(policy: TargetPolicy, resolve: Resolver, timeoutMs = DELIVERY_TIMEOUT_MS): WebhookTransport {
  return {
    checkTarget: (url, environment) => checkTarget(url, environment, policy, resolve),
    post: (raw, environment, headers, body) =>
      new Promise<AttemptResult>((settle) => {
        const form = checkUrlForm(raw, environment);
        if (!form.allowed) return settle({ ok: false, status: null, error: 'target_refused' });
        const url = form.url;
        // Node connects to an address literal without a lookup: judge it here.
        const literal = hostOf(url);
        if (isIP(literal) && !addressAllowed(literal, environment, policy)) return settle({ ok: false, status: null, error: 'target_refused' });
        let refusedTarget = false;
        const guardedLookup: RequestOptions['lookup'] = (hostname, options, callback) => {
          resolve(hostname).then(
            (addresses) => {
              const allowed = addresses.filter((a) => addressAllowed(a.address, environment, policy));
              if (allowed.length === 0 || allowed.length !== addresses.length) {
                refusedTarget = true;
                return (callback as (e: Error) => void)(new TargetRefused('target refused'));
              }
              if ((options as { all?: boolean }).all)
                (callback as (e: null, a: LookupAddress[]) => void)(
                  null,
                  allowed.map((a) => ({ address: a.address, family: a.family })),
                );
              else (callback as (e: null, a: string, f: number) => void)(null, allowed[0]!.address, allowed[0]!.family);
            },
            (error: Error) => (callback as (e: Error) => void)(error),
          );
        };
        const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
        const req = send(url, {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          lookup: guardedLookup,
          signal: AbortSignal.timeout(timeoutMs),
        });
        req.on('response', (res) => {
          const status = res.statusCode ?? 0;
          // The answer's body is read and dropped; only its status counts.
          res.resume();
          res.on('end', () => settle(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: 'http_status' }));
          res.on('error', () => settle({ ok: false, status, error: 'connection_failed' }));
        });
        req.on('error', (error) => {
          if (refusedTarget) settle({ ok: false, status: null, error: 'target_refused' });
          else if (error.name === 'AbortError' || error.name === 'TimeoutError') settle({ ok: false, status: null, error: 'timeout' });
          else settle({ ok: false, status: null, error: 'connection_failed' });
        });
        req.end(body);
      }),
  };
}
