// Authentication: finds the key a caller presents, through a short in-process cache so a warm
// function rarely reads DynamoDB for it. The cache bounds how long a revoked key keeps working in a
// process that already saw it (AUTH_CACHE_SECONDS, default 10 s).
import { assertKeyUsable } from '../core/access/authorize';
import type { AccessRepository } from '../core/access/ports';
import type { AccountRecord, ApiKeyRecord, PracticeRecord } from '../core/access/records';
import { DomainError } from '../core/errors';
import { hashApiKey } from './api-key-secret';
import { TtlCache } from './ttl-cache';

export interface Credentials {
  readonly key: ApiKeyRecord;
  readonly account: AccountRecord | null;
  readonly practice: PracticeRecord | null;
}

export class Authenticator {
  private readonly keys: TtlCache<ApiKeyRecord | null>;
  private readonly accounts: TtlCache<AccountRecord | null>;
  private readonly practices: TtlCache<PracticeRecord | null>;

  constructor(
    private readonly store: Pick<AccessRepository, 'keyByHash' | 'account' | 'practice'>,
    cacheMs: number,
  ) {
    this.keys = new TtlCache(cacheMs);
    this.accounts = new TtlCache(cacheMs);
    this.practices = new TtlCache(cacheMs);
  }

  /** The usable key a secret names, with its owner; `invalid_api_key` otherwise. */
  async authenticate(secret: string, now: Date): Promise<Credentials> {
    const keyHash = hashApiKey(secret);
    const key = await this.keys.get(keyHash, () => this.store.keyByHash(keyHash));
    if (!key) throw new DomainError('invalid_api_key', 'The API key is not valid.');
    assertKeyUsable(key, now);
    const account = key.accountId ? await this.account(key.accountId) : null;
    const practice = key.practiceId ? await this.practice(key.practiceId) : null;
    // A key whose owner no longer exists is as good as unknown.
    if ((key.kind === 'account' && !account) || (key.kind === 'provider' && !practice)) throw new DomainError('invalid_api_key', 'The API key is not valid.');
    return { key, account, practice };
  }

  account(accountId: string): Promise<AccountRecord | null> {
    return this.accounts.get(accountId, () => this.store.account(accountId));
  }

  practice(practiceId: string): Promise<PracticeRecord | null> {
    return this.practices.get(practiceId, () => this.store.practice(practiceId));
  }

  forgetAccount(accountId: string): void {
    this.accounts.delete(accountId);
  }

  /** Drops what this process cached about a key it just changed (issue, revoke). */
  forgetKey(keyHash: string): void {
    this.keys.delete(keyHash);
  }
}
