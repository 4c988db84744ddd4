// Publishes a content artifact to the content bucket (functions/manifest/resources.ts CONTENT_STORE):
// the artifact first, under a key named by its build id, and only then the pointer naming it, so a
// function that reads the pointer never finds it naming an artifact that is not there yet. An
// artifact's key never changes content (same bytes, same build), so rewriting one is harmless.
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { CONTENT_STORE, type ContentPointer } from '../../manifest/resources';
import { contentBuild } from './content-build';

export async function publishContent(client: S3Client, bucket: string, artifactJson: string, version: string, now: Date): Promise<ContentPointer> {
  const body = Buffer.from(artifactJson, 'utf8');
  const build = contentBuild(body);
  const key = `${CONTENT_STORE.artifactPrefix}${build}.json`;
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'application/json' }));
  const pointer: ContentPointer = { build, key, version, published_at: now.toISOString() };
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: CONTENT_STORE.pointerKey,
      Body: JSON.stringify(pointer),
      ContentType: 'application/json',
      // Readers poll the pointer: no cache may keep an old one.
      CacheControl: 'no-cache',
    }),
  );
  return pointer;
}
