// Records the access rules reason about. Adapters load and store them; the core never does I/O.

export type Environment = 'sandbox' | 'production';
export const ENVIRONMENTS: readonly Environment[] = ['sandbox', 'production'];

export interface ApiKeyRecord {
  /** Public identifier (`key_…`), never the secret. */
  readonly id: string;
  readonly kind: 'account' | 'provider';
  readonly accountId: string | null;
  readonly practiceId: string | null;
  readonly environment: Environment;
  readonly scopes: readonly string[];
  /** Location scope; null means organization scope (account keys only). */
  readonly locationCode: string | null;
  /** Provider keys: engagements the key may act for; null means all of its practice. */
  readonly engagementIds: readonly number[] | null;
  readonly status: 'active' | 'revoked';
  readonly expiresAt: string | null;
  readonly name: string;
  readonly prefix: string;
  readonly createdAt: string;
  /** The twin API Gateway usage-plan key, where the service runs behind API Gateway. */
  readonly gatewayKeyId: string | null;
}

export interface RateLimitOverrides {
  readonly general?: number;
  readonly batch_submissions?: number;
  readonly estimates?: number;
}

export interface AccountRecord {
  readonly id: string;
  readonly name: string;
  readonly modules: readonly string[];
  readonly rateLimits: RateLimitOverrides;
}

export type EngagementStatus = 'usable' | 'paused' | 'offboarded' | 'unavailable';

export interface Engagement {
  readonly id: number;
  readonly ref: string;
  readonly clientAccountId: string;
  readonly status: EngagementStatus;
}

export interface PracticeRecord {
  readonly id: string;
  readonly name: string;
  readonly status: 'active' | 'inactive';
  readonly engagements: readonly Engagement[];
  readonly rateLimits: RateLimitOverrides;
}

/** Account + environment: the unit every piece of taxpayer data is isolated by. */
export interface Tenant {
  readonly accountId: string;
  readonly environment: Environment;
}
