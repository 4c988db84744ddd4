// The webhook target guard decides by what an address can reach (docs/security.md, "Webhook
// targets: by what an address can reach"): every IPv4 embedding in IPv6 is decoded and judged as
// IPv4, each form with addresses it lets through and addresses it refuses, in production, in every
// spelling a URL or a resolver can hand it.
import { describe, expect, it } from 'vitest';
import { addressAllowed, checkTarget, classifyAddress, type Resolver } from '../../functions/adapters/webhooks/target-guard';

const policy = { sandboxLoopback: false };
const local = { sandboxLoopback: true };
const noDns: Resolver = async () => [];

/** [address, what it reaches]: each form with a public embedding (allowed) and non-public ones (refused). */
const FORMS: Record<string, { allowed: readonly string[]; refused: readonly string[] }> = {
  'plain IPv4': {
    allowed: ['93.184.216.34', '8.8.8.8', '1.1.1.1'],
    refused: [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '192.88.99.1',
      '255.255.255.255',
      '198.51.100.7',
    ],
  },
  'plain IPv6': {
    allowed: ['2606:2800:220:1::1', '2a00:1450:4001:81b::200e'],
    refused: [
      '::1',
      '::',
      'fd00:ec2::254',
      'fc00::1',
      'fe80::1',
      'fe80::1%1',
      'ff02::1',
      'fec0::1',
      '100::1',
      '2001:db8::1',
      '3fff::1',
      '5f00::1',
      '4000::1',
      '2001:2::1',
    ],
  },
  'IPv4-mapped ::ffff:0:0/96, every spelling': {
    allowed: ['::ffff:8.8.8.8', '::ffff:808:808', '0:0:0:0:0:ffff:808:808', '::FFFF:0808:0808', '0000:0000:0000:0000:0000:ffff:8.8.8.8'],
    refused: [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::FFFF:7F00:0001',
      '0:0:0:0:0:ffff:127.0.0.1',
      '0000:0000:0000:0000:0000:FFFF:7F00:0001',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '::ffff:0.0.0.0',
    ],
  },
  'IPv4-translated ::ffff:0:a.b.c.d (RFC 6145)': {
    allowed: ['::ffff:0:8.8.8.8', '::ffff:0:808:808'],
    refused: ['::ffff:0:127.0.0.1', '::ffff:0:7f00:1', '::ffff:0:169.254.169.254', '::ffff:0:a00:1'],
  },
  'IPv4-compatible ::a.b.c.d': {
    allowed: ['::8.8.8.8', '::808:808'],
    refused: ['::127.0.0.1', '::7f00:1', '::169.254.169.254', '::a9fe:a9fe', '::10.0.0.1', '::0.0.0.2'],
  },
  'NAT64 64:ff9b::/96': {
    allowed: ['64:ff9b::8.8.8.8', '64:ff9b::808:808'],
    refused: ['64:ff9b::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::169.254.169.254', '64:ff9b::a00:1', '64:ff9b::c0a8:101'],
  },
  '6to4 2002::/16': {
    allowed: ['2002:808:808::1', '2002:5db8:d822::1'],
    refused: ['2002:7f00:1::1', '2002:a9fe:a9fe::1', '2002:a00:1::', '2002:c0a8:101:1::1', '2002::1'],
  },
  // Teredo: server at bits 32-63, client inverted at bits 96-127 (8.8.8.8 server, 1.1.1.1 client allowed).
  'Teredo 2001::/32': {
    allowed: ['2001:0:808:808:0:f227:fefe:fefe'],
    refused: [
      '2001:0:808:808:0:f227:80ff:fffe', // client 127.0.0.1
      '2001:0:808:808:0:f227:5601:5601', // client 169.254.169.254
      '2001:0:a00:1:0:f227:fefe:fefe', // server 10.0.0.1
      '2001:0:7f00:1:0:f227:fefe:fefe', // server 127.0.0.1
    ],
  },
  'ISATAP interface identifiers': {
    allowed: ['2606:2800:220:1:0:5efe:808:808', '2606:2800:220:1:200:5efe:8.8.8.8'],
    refused: ['2606:2800:220:1:0:5efe:7f00:1', '2606:2800:220:1:200:5efe:169.254.169.254', '2606:2800:220:1:0:5efe:a00:1', 'fe80::5efe:808:808'],
  },
};

describe('target guard: what an address can reach', () => {
  for (const [form, { allowed, refused }] of Object.entries(FORMS)) {
    it(`${form}: public embeddings allowed, the others refused`, async () => {
      for (const address of allowed) {
        expect(classifyAddress(address), address).toBe('public');
        expect(addressAllowed(address, 'production', policy), address).toBe(true);
      }
      for (const address of refused) {
        expect(addressAllowed(address, 'production', policy), address).toBe(false);
        expect(addressAllowed(address, 'sandbox', policy), address).toBe(false);
        // And as the literal host of a URL (which WHATWG URL parsing may respell) or a name resolving to it.
        const host = address.includes(':') ? `[${address.replace(/%.*$/, '')}]` : address;
        expect((await checkTarget(`https://${host}/in`, 'production', policy, noDns)).allowed, host).toBe(false);
        const named = await checkTarget('https://hooks.example.com/in', 'production', policy, async () => [{ address, family: address.includes(':') ? 6 : 4 }]);
        expect(named.allowed, address).toBe(false);
      }
    });
  }

  it('the local-use NAT64 prefix 64:ff9b:1::/48 is refused whole, whatever it embeds at any RFC 6052 prefix length', () => {
    // Its translator belongs to the network it sits in, and only that network knows the prefix length.
    for (const address of ['64:ff9b:1::7f00:1', '64:ff9b:1:7f00:1::', '64:ff9b:1:a9:fe:a9fe::', '64:ff9b:1::808:808', '64:ff9b:1:808:8:800::'])
      expect(addressAllowed(address, 'production', policy), address).toBe(false);
  });

  it('loopback in a translated form counts as loopback (sandbox on the local runner only); through a tunnel it is refused', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::7f00:1', '::127.0.0.1']) {
      expect(classifyAddress(address), address).toBe('loopback');
      expect(addressAllowed(address, 'sandbox', local), address).toBe(true);
      expect(addressAllowed(address, 'production', local), address).toBe(false);
    }
    for (const address of ['2002:7f00:1::1', '2001:0:808:808:0:f227:80ff:fffe', '2606:2800:220:1:0:5efe:7f00:1'])
      expect(addressAllowed(address, 'sandbox', local), address).toBe(false);
  });

  it('anything that is not an address literal is refused', () => {
    for (const text of ['', 'localhost', '127.1', '0x7f000001', '2130706433', '1.2.3.4.5', '::ffff:127.0.0.1.1', 'fe80::1%'])
      expect(classifyAddress(text), text).toBe('refused');
  });

  it('URL spellings of loopback IPv4 are normalized before they are judged', async () => {
    for (const url of [
      'https://127.1/x',
      'https://0x7f.0.0.1/x',
      'https://2130706433/x',
      'https://0177.0.0.1/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[0:0:0:0:0:ffff:7f00:1]/x',
    ])
      expect((await checkTarget(url, 'production', policy, noDns)).allowed, url).toBe(false);
  });
});
