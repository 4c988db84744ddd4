// The s3rver S3 emulator on the loopback interface with one bucket, and a real S3 client for it:
// what the content store's publisher and readers are tested against.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface S3Emulator {
  readonly endpoint: string;
  readonly client: S3Client;
  /** A scratch directory beside the emulator's own, removed with it. */
  readonly dir: string;
  stop(): Promise<void>;
}

export async function startS3Emulator(bucket: string): Promise<S3Emulator> {
  const dir = mkdtempSync(join(tmpdir(), 's3-emulator-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(dir, 's3'), configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    // s3rver predates the flexible checksums the SDK now sends by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    client,
    dir,
    stop: async () => {
      client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
