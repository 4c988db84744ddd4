// Ports of access records: keys, accounts and practices, and the API Gateway twins of keys.
import type { AccountRecord, ApiKeyRecord, Environment, PracticeRecord } from './records';

/** Whose key list a key belongs to. */
export type KeyOwner = { readonly kind: 'account'; readonly accountId: string } | { readonly kind: 'practice'; readonly practiceId: string };

export interface AccessRepository {
  /** The key whose secret hashes to `hash` (only hashes are stored). */
  keyByHash(hash: string): Promise<ApiKeyRecord | null>;
  account(accountId: string): Promise<AccountRecord | null>;
  practice(practiceId: string): Promise<PracticeRecord | null>;
  putAccount(account: AccountRecord): Promise<void>;
  putPractice(practice: PracticeRecord): Promise<void>;
  renameAccount(accountId: string, name: string): Promise<void>;
  /** Both the lookup and the listing entry of a new key, atomically; a second key with the same secret is a conflict. */
  createKey(key: ApiKeyRecord, hash: string): Promise<void>;
  listKeys(owner: KeyOwner): Promise<ApiKeyRecord[]>;
  /** A key listed under its owner, with the hash that finds its lookup item. */
  ownedKey(owner: KeyOwner, keyId: string): Promise<{ readonly key: ApiKeyRecord; readonly hash: string } | null>;
  revokeKey(owner: KeyOwner, keyId: string, hash: string, at: string): Promise<void>;
}

/** API Gateway usage-plan keys: a twin per service key where the service runs behind API Gateway. */
export interface UsageKeyRegistry {
  /** Returns the gateway key id to keep with the key record, or null where there is no gateway. */
  register(keyId: string, keyHash: string, environment: Environment): Promise<string | null>;
  disable(gatewayKeyId: string): Promise<void>;
}
