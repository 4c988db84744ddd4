// List cursors as clients hold them (functions/core/lists/cursor-seal.ts): sealed for the principal
// that received them, opened again only for one that may use them. Stores keep issuing and reading
// their own positions; only the HTTP edge seals and opens, so a position never reaches a client
// unsealed and a client's cursor never reaches a store unverified.
import type { Principal } from '../core/access/authorize';
import { type CursorKeys, cursorKeys, openCursor, sealCursor } from '../core/lists/cursor-seal';

/** Where the deployment's secrets are kept. */
export interface SecretVault {
  secret(name: string): Promise<Uint8Array>;
}

/**
 * Who may present a cursor, and where: the tenant acted for, the key's location scope and the
 * credential (an account's own key, or a provider's practice and engagement), and the list that
 * issued it with its parent (`list`, e.g. the route path and batch id). A cursor of one is refused
 * to every other, even within one account, and on every other list.
 */
export function audienceOf(principal: Principal, list: string): string {
  const tenant = principal.tenant ? `${principal.tenant.accountId}/${principal.tenant.environment}` : '-';
  const provider = principal.practice ? `${principal.practice.id}/${principal.engagement?.id ?? '-'}` : '-';
  return ['v2', principal.environment, tenant, principal.locationCode ?? '*', provider, list].join('|');
}

export class Cursors {
  private keys: Promise<CursorKeys> | undefined;

  constructor(private readonly vault: SecretVault) {}

  /** The keys, read once per process (a failed read is tried again on the next call). */
  private keysOnce(): Promise<CursorKeys> {
    this.keys ??= this.vault.secret('cursor').then(cursorKeys, (error: unknown) => {
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }

  async seal(position: string, principal: Principal, now: Date, list: string): Promise<string> {
    return sealCursor(position, await this.keysOnce(), audienceOf(principal, list), now);
  }

  async open(cursor: string, principal: Principal, now: Date, list: string): Promise<string> {
    return openCursor(cursor, await this.keysOnce(), audienceOf(principal, list), now);
  }
}
