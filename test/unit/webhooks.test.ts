// The pure parts of webhooks: Standard Webhooks signatures (checked with the `standardwebhooks`
// package), the retry schedule, and the SSRF guard's ranges with a fake resolver.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { httpTransport } from '../../functions/adapters/webhooks/http-transport';
import { addressAllowed, checkTarget, classifyAddress, type Resolver } from '../../functions/adapters/webhooks/target-guard';
import { retryDelaySeconds, scheduleSpanSeconds } from '../../functions/core/webhooks/backoff';
import { afterAttempt, newDelivery } from '../../functions/core/webhooks/delivery';
import { signingSecrets } from '../../functions/core/webhooks/endpoint';
import { newSecret, signatureHeader } from '../../functions/core/webhooks/signing';
import { DEFAULT_RUNTIME_SETTINGS as D } from '../../lib/runtime-settings';

const DEFAULTS = {
  baseSeconds: D.webhookRetryBaseSeconds,
  maxDelaySeconds: D.webhookRetryMaxDelaySeconds,
  maxAttempts: D.webhookMaxAttempts,
  jitter: D.webhookRetryJitter,
};

describe('signatures', () => {
  it('verify with the standardwebhooks package, under each secret still signing', () => {
    const [current, previous] = [newSecret(), newSecret()];
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const body = JSON.stringify({ id: 'evt_1', type: 'transaction.committed', created_at: '2026-11-23T00:00:00Z', environment: 'sandbox', data: { a: 1 } });
    const ts = Math.floor(Date.now() / 1000);
    const header = signatureHeader([current, previous], 'evt_1', ts, body);
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(ts), 'webhook-signature': header };
    expect(new Webhook(current).verify(body, headers)).toMatchObject({ id: 'evt_1' });
    expect(new Webhook(previous).verify(body, headers)).toMatchObject({ id: 'evt_1' });
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(`${body} `, headers)).toThrow();
  });

  it('sign with the previous secret only during its overlap', () => {
    const endpoint = { secret: 'whsec_bmV3', previous_secret: 'whsec_b2xk', previous_secret_expires_at: '2026-11-24T00:00:00Z' };
    expect(signingSecrets(endpoint, new Date('2026-11-23T12:00:00Z'))).toEqual(['whsec_bmV3', 'whsec_b2xk']);
    expect(signingSecrets(endpoint, new Date('2026-11-24T00:00:00Z'))).toEqual(['whsec_bmV3']);
  });
});

describe('retry schedule', () => {
  it('retries first within 30 s, doubles to a cap, spans about a day, then stops', () => {
    expect(retryDelaySeconds(DEFAULTS, 1, 0)).toBe(15);
    expect(retryDelaySeconds(DEFAULTS, 1, 0.999)).toBeGreaterThan(7.5);
    expect(retryDelaySeconds(DEFAULTS, 2, 0)).toBe(30);
    expect(retryDelaySeconds(DEFAULTS, 12, 0)).toBe(21_600);
    expect(retryDelaySeconds(DEFAULTS, DEFAULTS.maxAttempts, 0)).toBeNull();
    const span = scheduleSpanSeconds(DEFAULTS);
    expect(span / 3600).toBeGreaterThan(20);
    expect(span / 3600).toBeLessThan(26);
  });

  it('jitters each delay within [1 - jitter, 1] of the full delay', () => {
    for (const r of [0, 0.25, 0.5, 0.999]) {
      const d = retryDelaySeconds(DEFAULTS, 3, r)!;
      expect(d).toBeGreaterThanOrEqual(60 * (1 - DEFAULTS.jitter));
      expect(d).toBeLessThanOrEqual(60);
    }
  });

  it('moves a delivery to failing, then dead-lettered on the last attempt, or delivered', () => {
    const failed = afterAttempt(newDelivery(1), 1, { ok: false, status: 500, error: 'http_status' }, 't1', 't2');
    expect(failed).toMatchObject({ state: 'failing', attempts: 1, next_attempt_at: 't2', last_status: 500 });
    expect(afterAttempt(failed, 2, { ok: false, status: null, error: 'timeout' }, 't2', null)).toMatchObject({ state: 'dead_lettered', attempts: 2 });
    expect(afterAttempt(failed, 2, { ok: true, status: 204 }, 't2', null)).toMatchObject({ state: 'delivered', attempts: 2, delivered_at: 't2' });
  });
});

describe('SSRF guard', () => {
  const policy = { sandboxLoopback: false };
  const resolver =
    (table: Record<string, string[]>): Resolver =>
    async (host) =>
      (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it.each([
    ['0.0.0.0', 'this network'],
    ['10.0.0.1', 'private 10/8'],
    ['100.64.1.1', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'instance metadata (link-local)'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.254', 'private 172.16/12'],
    ['192.0.0.192', 'IETF assignments'],
    ['192.168.0.1', 'private 192.168/16'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'IPv6 loopback'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'AWS metadata IPv6'],
    ['fe80::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata, hex'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
  ])('refuses %s (%s) in production', async (address) => {
    expect(addressAllowed(address, 'production', policy)).toBe(false);
    const verdict = await checkTarget('https://hooks.example.com/in', 'production', policy, resolver({ 'hooks.example.com': [address] }));
    expect(verdict.allowed).toBe(false);
  });

  it('accepts public addresses, refuses a name with any private address, http in production, and credentials', async () => {
    expect(classifyAddress('93.184.216.34')).toBe('public');
    expect(classifyAddress('2606:2800:220:1::1')).toBe('public');
    const dns = resolver({ 'ok.example.com': ['93.184.216.34'], 'mixed.example.com': ['93.184.216.34', '10.0.0.7'] });
    expect(await checkTarget('https://ok.example.com/x', 'production', policy, dns)).toEqual({ allowed: true });
    expect((await checkTarget('https://mixed.example.com/x', 'production', policy, dns)).allowed).toBe(false);
    expect((await checkTarget('http://ok.example.com/x', 'production', policy, dns)).allowed).toBe(false);
    expect((await checkTarget('https://user:pw@ok.example.com/x', 'production', policy, dns)).allowed).toBe(false);
    expect((await checkTarget('https://nowhere.example.com/x', 'production', policy, dns)).allowed).toBe(false);
  });

  it('lets sandbox endpoints use loopback only where the deployment allows it, never in production', async () => {
    const dns = resolver({});
    expect((await checkTarget('http://127.0.0.1:8080/x', 'sandbox', { sandboxLoopback: false }, dns)).allowed).toBe(false);
    expect(await checkTarget('http://127.0.0.1:8080/x', 'sandbox', { sandboxLoopback: true }, dns)).toEqual({ allowed: true });
    expect((await checkTarget('https://127.0.0.1/x', 'production', { sandboxLoopback: true }, dns)).allowed).toBe(false);
    expect((await checkTarget('http://10.0.0.1/x', 'sandbox', { sandboxLoopback: true }, dns)).allowed).toBe(false);
  });

  it('refuses at delivery time a name that now resolves to a private address (DNS rebinding)', async () => {
    let answer = '93.184.216.34';
    const rebinding: Resolver = async () => [{ address: answer, family: 4 }];
    const transport = httpTransport(policy, rebinding, 1000);
    expect(await transport.checkTarget('https://rebind.example.com/x', 'production')).toEqual({ allowed: true });
    answer = '169.254.169.254';
    expect(await transport.post('https://rebind.example.com/x', 'production', {}, '{}')).toEqual({ ok: false, status: null, error: 'target_refused' });
    expect(await transport.post('https://10.0.0.1/x', 'production', {}, '{}')).toEqual({ ok: false, status: null, error: 'target_refused' });
  });
});
