// A running function's content reload (functions/adapters/content/content-reload.ts) against the
// content bucket in the s3rver emulator, with a real S3 client and the publisher the scheduled
// refresh uses: nothing published keeps the bundled content; a published build is installed once,
// at most one look per interval; bytes that do not match their build id, or an artifact the holder
// cannot read, are refused once and the content held stays.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBuild } from '../../functions/adapters/content/content-build';
import type { HeldContent } from '../../functions/adapters/content/content-file';
import { type ContentHolder, ContentReloader } from '../../functions/adapters/content/content-reload';
import { publishContent } from '../../functions/adapters/content/s3-content-publisher';
import { s3PublishedContent } from '../../functions/adapters/content/s3-published-content';
import { CONTENT_STORE } from '../../functions/manifest/resources';
import { type S3Emulator, startS3Emulator } from '../support/s3-emulator';

const BUCKET = 'content-reload';
let s3: S3Emulator;
let client: S3Client;
/** The bucket as a function reads it: signed fetches with the credential chain (here the environment's). */
const published = () => s3PublishedContent({ bucket: BUCKET, region: 'us-east-1', endpoint: s3.endpoint });

beforeAll(async () => {
  s3 = await startS3Emulator(BUCKET);
  client = s3.client;
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
});
afterAll(() => s3?.stop());

/** A holder that starts with the bundled build `bundled` and records what it installs; it cannot read "{broken". */
function holder(bundled = 'bundled0000000000') {
  let build = bundled;
  const installed: string[] = [];
  const port: ContentHolder = {
    heldBuild: () => build,
    installContent: (json, newBuild) => {
      if (json.startsWith('{broken')) throw new Error('not a tax content artifact');
      build = newBuild;
      installed.push(JSON.parse(json).version as string);
      return { loadMs: 1, content: { version: JSON.parse(json).version } } as unknown as HeldContent;
    },
  };
  return { port, installed, held: () => build };
}

function logs() {
  const lines: { level: string; message: string; extra: Record<string, unknown> }[] = [];
  return {
    lines,
    log: {
      info: (message: string, extra: Record<string, unknown>) => lines.push({ level: 'info', message, extra }),
      warn: (message: string, extra: Record<string, unknown>) => lines.push({ level: 'warn', message, extra }),
    },
  };
}

const artifact = (version: string) => JSON.stringify({ format: 6, version });
const at = (seconds: number) => Date.UTC(2026, 11, 3, 10, 0, seconds);

describe('the content reload from the content bucket', () => {
  it('keeps the bundled content while nothing is published, then installs each published build once', async () => {
    const h = holder();
    const { lines, log } = logs();
    const reloader = new ContentReloader(published(), h.port, 60_000, log);

    await reloader.fresh(at(0));
    expect(h.installed).toEqual([]);
    expect(lines).toEqual([]);

    const first = await publishContent(client, BUCKET, artifact('2026-10-01'), '2026-10-01', new Date(at(1)));
    // Within the interval nothing is looked at.
    await reloader.fresh(at(30));
    expect(h.installed).toEqual([]);
    // Requests arriving together share one look.
    await Promise.all([reloader.fresh(at(61)), reloader.fresh(at(61)), reloader.fresh(at(62))]);
    expect(h.installed).toEqual(['2026-10-01']);
    expect(h.held()).toBe(first.build);
    expect(lines.at(-1)).toMatchObject({ level: 'info', extra: { build: first.build, version: '2026-10-01' } });

    // The pointer unchanged (a conditional GET answered 304): nothing installed again.
    await reloader.fresh(at(130));
    expect(h.installed).toEqual(['2026-10-01']);

    const second = await publishContent(client, BUCKET, artifact('2027-01-01'), '2027-01-01', new Date(at(140)));
    await reloader.fresh(at(200));
    expect(h.installed).toEqual(['2026-10-01', '2027-01-01']);
    expect(h.held()).toBe(second.build);
  });

  it('refuses bytes that are not the build the pointer names, and an artifact the holder cannot read, once each', async () => {
    const h = holder();
    const { lines, log } = logs();
    const reloader = new ContentReloader(published(), h.port, 1000, log);
    await reloader.fresh(at(0));
    const good = h.held();

    // A pointer naming a build whose artifact holds other bytes (a torn or tampered upload).
    const key = `${CONTENT_STORE.artifactPrefix}0123456789abcdef.json`;
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: artifact('tampered') }));
    await client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: CONTENT_STORE.pointerKey,
        Body: JSON.stringify({ build: '0123456789abcdef', key, version: 'tampered', published_at: new Date(at(1)).toISOString() }),
      }),
    );
    await reloader.fresh(at(2));
    await reloader.fresh(at(4));
    expect(h.held()).toBe(good);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    expect(String(lines.at(-1)!.extra.error)).toContain(`build ${contentBuild(artifact('tampered'))}, not 0123456789abcdef`);

    // Bytes that match their build but that this runtime cannot read.
    const broken = await publishContent(client, BUCKET, '{broken', 'broken', new Date(at(5)));
    await reloader.fresh(at(6));
    await reloader.fresh(at(8));
    expect(h.held()).toBe(good);
    expect(lines.filter((l) => l.level === 'warn').map((l) => l.extra.build)).toEqual(['0123456789abcdef', broken.build]);

    // The next good version is installed.
    const fixed = await publishContent(client, BUCKET, artifact('2027-04-01'), '2027-04-01', new Date(at(9)));
    await reloader.fresh(at(10));
    expect(h.held()).toBe(fixed.build);
    expect(h.installed.at(-1)).toBe('2027-04-01');
  });
});

describe('the signed read of the pointer', () => {
  // s3rver does not check Signature V4, so a server here checks it as S3 does: it recomputes the
  // signature from the request it received (method, path, query, the signed headers as they
  // arrived) with the same secret, and answers 403 on a mismatch.
  it('is signed over what actually reaches the server, session token included', async () => {
    const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session-token' };
    // The S3 client's own hash, not the adapter's.
    const sdkHash = new S3Client({ region: 'us-west-2' }).config.sha256;
    const verifier = new SignatureV4({ service: 's3', region: 'us-west-2', credentials, sha256: sdkHash, uriEscapePath: false });
    const verdicts: string[] = [];
    const server = createServer((req, res) => {
      void (async () => {
        const authorization = req.headers.authorization ?? '';
        const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
        const url = new URL(req.url!, 'http://placeholder');
        const amzDate = String(req.headers['x-amz-date']);
        const signingDate = new Date(
          `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
        );
        const expected = await verifier.sign(
          {
            method: req.method!,
            protocol: 'http:',
            hostname: '127.0.0.1',
            path: url.pathname,
            query: Object.fromEntries(url.searchParams),
            headers: Object.fromEntries(signedHeaders.map((h) => [h, String(req.headers[h])])),
          },
          { signingDate },
        );
        const ok = expected.headers.authorization === authorization && signedHeaders.includes('x-amz-security-token');
        verdicts.push(ok ? `${url.pathname} signed` : `${url.pathname} mismatch`);
        if (!ok) return res.writeHead(403).end('SignatureDoesNotMatch');
        if (url.pathname.endsWith(CONTENT_STORE.pointerKey))
          return res
            .writeHead(200, { etag: '"p1"' })
            .end(JSON.stringify({ build: contentBuild('{"format":5}'), key: `${CONTENT_STORE.artifactPrefix}a b.json`, version: 'v', published_at: 'x' }));
        res.writeHead(200).end('{"format":5}');
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_SESSION_TOKEN: credentials.sessionToken,
    });
    try {
      const version = await s3PublishedContent({ bucket: 'stage-content', region: 'us-west-2', endpoint }).current();
      expect(await version!.read()).toBe('{"format":5}');
    } finally {
      server.close();
      Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
      delete process.env.AWS_SESSION_TOKEN;
    }
    // A key with a space: the path as sent is the path as signed.
    expect(verdicts).toEqual([`/stage-content/${CONTENT_STORE.pointerKey} signed`, `/stage-content/${CONTENT_STORE.artifactPrefix}a%20b.json signed`]);
  });
});
