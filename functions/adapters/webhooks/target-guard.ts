// The SSRF guard of webhook targets. Production endpoints must be https URLs whose host resolves
// only to public addresses: private, loopback, link-local (cloud metadata at 169.254.169.254 and
// fd00:ec2::254 included), carrier-grade NAT, multicast and reserved ranges are refused, IPv4
// embedded in IPv6 (mapped, NAT64) judged as IPv4. It runs at registration and again on every
// delivery, at connection time on the very addresses connected to, so a name re-pointed after
// registration (DNS rebinding) is refused too. Sandbox endpoints may also use http, and, where the
// deployment allows it (the local runner), loopback addresses.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

export type Resolver = (host: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** Ranges no webhook may reach, whatever the environment. */
const REFUSED: readonly (readonly [string, number, 'ipv4' | 'ipv6'])[] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['169.254.0.0', 16, 'ipv4'], // link-local, instance metadata
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['100::', 64, 'ipv6'], // discard
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['fc00::', 7, 'ipv6'], // unique local (AWS metadata fd00:ec2::254 included)
  ['fe80::', 10, 'ipv6'], // link-local
  ['ff00::', 8, 'ipv6'], // multicast
];
const LOOPBACK: readonly (readonly [string, number, 'ipv4' | 'ipv6'])[] = [
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
];

const blockList = (ranges: typeof REFUSED) => {
  const list = new BlockList();
  for (const [net, prefix, type] of ranges) list.addSubnet(net, prefix, type);
  return list;
};
const refused = blockList(REFUSED);
const loopback = blockList(LOOPBACK);

/** The IPv4 address an IPv6 address carries (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = Number.parseInt(hex[1]!, 16);
  const lo = Number.parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

export type AddressClass = 'public' | 'loopback' | 'refused';

export function classifyAddress(address: string): AddressClass {
  const family = isIP(address);
  if (family === 0) return 'refused';
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== null) return classifyAddress(v4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(address, type)) return 'loopback';
  return refused.check(address, type) ? 'refused' : 'public';
}

export interface TargetPolicy {
  /** Sandbox endpoints may use loopback addresses (the local runner only). */
  readonly sandboxLoopback: boolean;
}

/** Whether an address may be connected to for an environment's deliveries. */
export function addressAllowed(address: string, environment: string, policy: TargetPolicy): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (kind === 'loopback' && environment === 'sandbox' && policy.sandboxLoopback);
}

export type UrlVerdict = { readonly allowed: true; readonly url: URL } | { readonly allowed: false; readonly reason: string };

/** Checks the form of a target URL (scheme, no credentials) before any address is looked at. */
export function checkUrlForm(raw: string, environment: string): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { allowed: false, reason: 'not an absolute URL' };
  }
  if (url.protocol !== 'https:' && !(environment === 'sandbox' && url.protocol === 'http:'))
    return { allowed: false, reason: environment === 'production' ? 'production endpoints must use https' : 'the scheme must be https or http' };
  if (url.username || url.password) return { allowed: false, reason: 'a URL must not carry credentials' };
  if (!url.hostname) return { allowed: false, reason: 'the URL has no host' };
  return { allowed: true, url };
}

export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The full registration check: form, then every address the host resolves to. */
export async function checkTarget(
  raw: string,
  environment: string,
  policy: TargetPolicy,
  resolve: Resolver,
): Promise<{ allowed: true } | { allowed: false; reason: string }> {
  const form = checkUrlForm(raw, environment);
  if (!form.allowed) return form;
  const host = hostOf(form.url);
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  } catch {
    return { allowed: false, reason: 'the host does not resolve' };
  }
  if (addresses.length === 0) return { allowed: false, reason: 'the host does not resolve' };
  if (!addresses.every((a) => addressAllowed(a.address, environment, policy)))
    return { allowed: false, reason: 'the host resolves to a private, loopback, link-local or reserved address' };
  return { allowed: true };
}
