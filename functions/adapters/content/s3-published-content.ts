// The content bucket as a place content is published (functions/manifest/resources.ts
// CONTENT_STORE): the pointer names the build in force and its artifact's key. Each look is one
// conditional GET of the small pointer (304 while it is unchanged); the artifact is read only when
// the pointer names a build the function does not hold.
//
// Two signed GETs are all a calculation function asks of S3, so they are fetch calls signed with
// the SDK's own SigV4 signer and credential chain (both already in every bundle, for DynamoDB):
// the S3 client would add about 300 KB to each content function and some 15 ms to its cold start.
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { CONTENT_STORE, type ContentPointer } from '../../manifest/resources';
import type { PublishedContent, PublishedVersion } from './content-reload';

/** The signer's hash: SHA-256, or HMAC-SHA-256 with a secret. */
type Source = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: Source): string | Uint8Array =>
  typeof data === 'string' ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

class NodeSha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: Source) {
    this.hash = this.fresh();
  }
  private fresh() {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(this.secret));
  }
  update(data: Source): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

export interface S3Location {
  readonly bucket: string;
  readonly region: string;
  /** An S3-compatible endpoint (path-style), as AWS_ENDPOINT_URL_S3 gives the SDK; AWS's own otherwise. */
  readonly endpoint?: string;
}

export function s3PublishedContent(location: S3Location): PublishedContent {
  const signer = new SignatureV4({ service: 's3', region: location.region, credentials: defaultProvider(), sha256: NodeSha256, uriEscapePath: false });
  const base = location.endpoint
    ? new URL(`${location.endpoint.replace(/\/$/, '')}/${location.bucket}/`)
    : new URL(`https://${location.bucket}.s3.${location.region}.amazonaws.com/`);

  async function get(key: string, ifNoneMatch?: string): Promise<Response> {
    const url = new URL(key.split('/').map(encodeURIComponent).join('/'), base);
    // The query the S3 client sends with a GetObject: the request is the SDK's, byte for byte.
    url.searchParams.set('x-id', 'GetObject');
    const signed = await signer.sign({
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query: { 'x-id': 'GetObject' },
      // S3 wants the payload's hash signed; a GET has none.
      headers: { host: url.host, 'x-amz-content-sha256': createHash('sha256').update('').digest('hex') },
    });
    const { host: _host, ...headers } = signed.headers;
    return fetch(url, { headers: { ...headers, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) }, signal: AbortSignal.timeout(10_000) });
  }

  const failed = async (response: Response, what: string) => new Error(`${what}: S3 answered ${response.status} ${(await response.text()).slice(0, 200)}`);

  let etag: string | undefined;
  let last: PublishedVersion | undefined;
  return {
    name: `s3://${location.bucket}/${CONTENT_STORE.pointerKey}`,
    async current() {
      const response = await get(CONTENT_STORE.pointerKey, etag);
      if (response.status === 304) return last;
      // Nothing published yet: the bundled content is the one in force.
      if (response.status === 404) return undefined;
      if (!response.ok) throw await failed(response, 'the content pointer');
      const pointer = (await response.json()) as ContentPointer;
      if (typeof pointer.build !== 'string' || typeof pointer.key !== 'string' || !pointer.key.startsWith(CONTENT_STORE.artifactPrefix))
        throw new Error('the content pointer names no artifact');
      etag = response.headers.get('etag') ?? undefined;
      last = {
        build: pointer.build,
        publishedAt: pointer.published_at,
        read: async () => {
          const artifact = await get(pointer.key);
          if (!artifact.ok) throw await failed(artifact, `the artifact ${pointer.key}`);
          return artifact.text();
        },
      };
      return last;
    },
  };
}
