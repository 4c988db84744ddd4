// What every application service receives besides its input: who acts (the principal the request
// pipeline, a queue worker or a command-line tool established) and the instant of the call. The
// services read no clock and know nothing of HTTP or SQS.
import type { Principal, TenantPrincipal } from '../core/access/authorize';
import type { EventDraft } from '../core/events/catalogue';

export interface Call<P extends Principal = Principal> {
  readonly principal: P;
  readonly now: Date;
}

export type TenantCall = Call<TenantPrincipal>;

/** A change's result and the events written with it. */
export interface Outcome<T> {
  readonly result: T;
  readonly events: readonly EventDraft[];
}

export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);
