// A secret of the whole deployment (not of a tenant), e.g. the key that signs list cursors: one
// item in the `DEPLOYMENT` partition, made once by a conditional Put (docs/architecture.md, "List
// cursors").
import * as v from 'valibot';
import { parseItem } from '../item-schema';
import type { ItemKey } from './keys';

const SecretItem = v.object({ secret: v.pipe(v.string(), v.base64()) });

export const deploymentSecretEntity = {
  key: (name: string): ItemKey => ({ PK: 'DEPLOYMENT', SK: `SECRET#${name}` }),

  /** A new secret's item: `secret` in base64, and when it was made. */
  item: (name: string, secret: Uint8Array, createdAt: string): Record<string, unknown> => ({
    ...deploymentSecretEntity.key(name),
    entity: 'deployment_secret',
    secret: Buffer.from(secret).toString('base64'),
    created_at: createdAt,
  }),

  read: (item: unknown): Uint8Array => Buffer.from(parseItem(SecretItem, item, 'deployment secret').secret, 'base64'),
};
