// An API key is two items with the same attributes, written and revoked together: the lookup item
// keyed by the SHA-256 of the secret (what authentication reads) and a listing entry under its
// owner, account or practice (what administration lists and revokes by id). The secret itself is
// never stored.
import * as v from 'valibot';
import type { KeyOwner } from '../../../core/access/ports';
import { type ApiKeyRecord, ENVIRONMENTS } from '../../../core/access/records';
import { maybe, parseItem } from '../item-schema';
import { accountEntity } from './account';
import type { ItemKey } from './keys';
import { practiceEntity } from './practice';

const KeyItem = v.object({
  keyId: v.string(),
  keyHash: v.string(),
  kind: v.picklist(['account', 'provider']),
  accountId: maybe(v.string()),
  practiceId: maybe(v.string()),
  environment: v.picklist(ENVIRONMENTS),
  scopes: v.array(v.string()),
  locationCode: maybe(v.string()),
  engagementIds: maybe(v.array(v.number())),
  status: v.picklist(['active', 'revoked']),
  expiresAt: maybe(v.string()),
  name: v.string(),
  prefix: v.string(),
  createdAt: v.string(),
  gatewayKeyId: maybe(v.string()),
});

const LISTING_PREFIX = 'KEY#';

/** The partition of an owner's keys: its profile's. */
const ownerPartition = (owner: KeyOwner): string => (owner.kind === 'practice' ? practiceEntity.key(owner.practiceId) : accountEntity.key(owner.accountId)).PK;

const ownerOfKey = (key: ApiKeyRecord): KeyOwner =>
  key.kind === 'provider' ? { kind: 'practice', practiceId: key.practiceId ?? '' } : { kind: 'account', accountId: key.accountId ?? '' };

/** The attributes both items of a key carry. */
function attributes(key: ApiKeyRecord, hash: string) {
  return {
    entity: 'api_key',
    keyId: key.id,
    keyHash: hash,
    kind: key.kind,
    accountId: key.accountId ?? undefined,
    practiceId: key.practiceId ?? undefined,
    environment: key.environment,
    scopes: [...key.scopes],
    locationCode: key.locationCode ?? undefined,
    engagementIds: key.engagementIds ? [...key.engagementIds] : undefined,
    status: key.status,
    expiresAt: key.expiresAt ?? undefined,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt,
    gatewayKeyId: key.gatewayKeyId ?? undefined,
  };
}

export const apiKeyEntity = {
  /** The lookup item, by the hash of the secret. */
  lookupKey: (hash: string): ItemKey => ({ PK: `APIKEY#${hash}`, SK: 'APIKEY' }),

  /** The listing entry under its owner: holds the hash, not the key. */
  listingKey: (owner: KeyOwner, keyId: string): ItemKey => ({ PK: ownerPartition(owner), SK: `${LISTING_PREFIX}${keyId}` }),

  /** Where an owner's listing entries are: its partition, under this sort-key prefix. */
  listing: (owner: KeyOwner) => ({ partition: ownerPartition(owner), prefix: LISTING_PREFIX }),

  /** The lookup item of a new key. */
  lookupItem: (key: ApiKeyRecord, hash: string): Record<string, unknown> => ({ ...apiKeyEntity.lookupKey(hash), ...attributes(key, hash) }),

  /** The listing entry of a new key, under the owner its kind names. */
  listingItem: (key: ApiKeyRecord, hash: string): Record<string, unknown> => ({
    ...apiKeyEntity.listingKey(ownerOfKey(key), key.id),
    ...attributes(key, hash),
  }),

  /** The key either item holds, and the hash that finds its lookup item. */
  read(item: unknown): { key: ApiKeyRecord; hash: string } {
    const k = parseItem(KeyItem, item, 'API key');
    return {
      hash: k.keyHash,
      key: {
        id: k.keyId,
        kind: k.kind,
        accountId: k.accountId ?? null,
        practiceId: k.practiceId ?? null,
        environment: k.environment,
        scopes: k.scopes,
        locationCode: k.locationCode ?? null,
        engagementIds: k.engagementIds ?? null,
        status: k.status,
        expiresAt: k.expiresAt ?? null,
        name: k.name,
        prefix: k.prefix,
        createdAt: k.createdAt,
        gatewayKeyId: k.gatewayKeyId ?? null,
      },
    };
  },
};
