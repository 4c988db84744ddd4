// The SSRF guard of webhook targets. Production endpoints must be https URLs whose host resolves
// only to addresses that reach the public internet, judged by what an address can reach rather
// than by how it is spelled: an IPv4 address must be ordinary unicast (private, loopback,
// link-local with cloud metadata at 169.254.169.254, carrier-grade NAT, multicast, documentation,
// benchmarking and reserved ranges are refused); an IPv6 address must be global unicast (2000::/3
// outside its special ranges: ULA fd00:ec2::254 metadata, link-local, multicast and the rest are
// outside), and every IPv4 address an IPv6 address embeds is decoded and judged as IPv4:
// IPv4-mapped ::ffff:0:0/96 and IPv4-translated ::ffff:0:0:0/96 in any spelling, IPv4-compatible
// ::/96, NAT64 64:ff9b::/96, the 6to4 relay's 2002::/16, Teredo's server and (un-obfuscated)
// client in 2001::/32, and ISATAP interface identifiers. The local-use NAT64 prefix
// 64:ff9b:1::/48 is refused whole: its translator is a local one, whose prefix length (and so
// where the IPv4 address sits) only its operator knows. Parsing and the special ranges are
// ipaddr.js's; the decoding is here. It runs at registration and again on every delivery, at
// connection time on the very addresses connected to, so a name re-pointed after registration
// (DNS rebinding) is refused too. Sandbox endpoints may also use http, and, where the deployment
// allows it (the local runner), loopback addresses.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

export type Resolver = (host: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

export type AddressClass = 'public' | 'loopback' | 'refused';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/** An IPv4 address reaches the internet only as ordinary unicast (none of ipaddr.js's special ranges). */
function classifyIpv4(address: IPv4): AddressClass {
  const range = address.range();
  if (range === 'loopback') return 'loopback';
  return range === 'unicast' ? 'public' : 'refused';
}

const ipv4Of = (hi: number, lo: number): IPv4 => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

const cidr = (text: string) => ipaddr.IPv6.parseCIDR(text);
const GLOBAL_UNICAST = cidr('2000::/3');
const NAT64_WELL_KNOWN = cidr('64:ff9b::/96');
const NAT64_LOCAL_USE = cidr('64:ff9b:1::/48');
const IPV4_COMPATIBLE = cidr('::/96');
const SIX_TO_FOUR = cidr('2002::/16');
const TEREDO = cidr('2001::/32');

/**
 * The IPv4 addresses an IPv6 address carries: `translated` ones are the destination itself (a
 * translator or the stack delivers to that IPv4 address), `tunnelled` ones an endpoint of a tunnel
 * the packet travels through. Null when it carries none.
 */
function embeddedIpv4(address: IPv6): { readonly translated: IPv4[] } | { readonly tunnelled: IPv4[] } | null {
  const p = address.parts;
  const last = ipv4Of(p[6]!, p[7]!);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (SIIT, RFC 6145), in any spelling ipaddr.js parses.
  if (address.isIPv4MappedAddress() || address.range() === 'rfc6145') return { translated: [last] };
  if (address.match(NAT64_WELL_KNOWN)) return { translated: [last] };
  // ::a.b.c.d (deprecated IPv4-compatible); :: and ::1 are IPv6's own unspecified and loopback.
  if (address.match(IPV4_COMPATIBLE) && address.range() !== 'unspecified' && address.range() !== 'loopback') return { translated: [last] };
  if (address.match(SIX_TO_FOUR)) return { tunnelled: [ipv4Of(p[1]!, p[2]!)] };
  // Teredo: the server's address, and the client's, stored with every bit inverted (RFC 4380).
  if (address.match(TEREDO)) return { tunnelled: [ipv4Of(p[2]!, p[3]!), ipv4Of(~p[6]! & 0xffff, ~p[7]! & 0xffff)] };
  // ISATAP interface identifier ::0:5efe:a.b.c.d (RFC 5214; the u and g bits may be set).
  if ((p[4]! & 0xfcff) === 0 && p[5] === 0x5efe) return { tunnelled: [last] };
  return null;
}

const WORST: readonly AddressClass[] = ['refused', 'loopback', 'public'];
const worst = (classes: readonly AddressClass[]): AddressClass => WORST.find((c) => classes.includes(c)) ?? 'refused';

function classifyIpv6(address: IPv6): AddressClass {
  if (address.range() === 'loopback') return 'loopback';
  if (address.match(NAT64_LOCAL_USE)) return 'refused';
  const embedded = embeddedIpv4(address);
  if (embedded && 'translated' in embedded) return worst(embedded.translated.map(classifyIpv4));
  const own: AddressClass = address.match(GLOBAL_UNICAST) && address.range() === 'unicast' ? 'public' : 'refused';
  if (!embedded) return own;
  // A tunnel to a loopback or private address is no local target: any of them not public refuses it.
  // 6to4 and Teredo addresses are special ranges of their own, so their prefix is judged by the embedding.
  const ends = embedded.tunnelled.map(classifyIpv4).every((c) => c === 'public');
  if (!ends) return 'refused';
  return address.match(SIX_TO_FOUR) || address.match(TEREDO) ? 'public' : own;
}

export function classifyAddress(address: string): AddressClass {
  // Node's strict check first: ipaddr.js also takes forms no resolver or URL produces (`127.1`).
  const family = isIP(address);
  if (family === 0) return 'refused';
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv4' ? classifyIpv4(parsed as IPv4) : classifyIpv6(parsed as IPv6);
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
