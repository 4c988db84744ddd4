// Delivery state of one event to one endpoint, kept on the event record (one entry per endpoint),
// and the transitions between states. Each transition is conditioned on the state it starts from
// (attempt number and generation), so of two workers holding the same message exactly one makes it.
//
//   pending ──(2xx)──▶ delivered
//      │ (failure, attempts left)            ▲
//      ▼                                      │ (2xx)
//   failing ──(failure, last attempt)──▶ dead_lettered
//   any open state ──(endpoint deleted or disabled)──▶ cancelled
//   any state ──(POST /events/{id}/redeliver)──▶ pending, next generation
export type DeliveryState = 'pending' | 'failing' | 'delivered' | 'dead_lettered' | 'cancelled';

export const OPEN_STATES: readonly DeliveryState[] = ['pending', 'failing'];
/** States that keep an event in the tenant's attention index (operations signals). */
export const ATTENTION_STATES: readonly DeliveryState[] = ['pending', 'failing', 'dead_lettered'];

export type FailureKind = 'http_status' | 'timeout' | 'connection_failed' | 'target_refused';

export interface Delivery {
  readonly state: DeliveryState;
  /** Attempts made in this generation. */
  readonly attempts: number;
  /** Raised by every redelivery: messages of an older generation are dropped. */
  readonly generation: number;
  readonly last_attempt_at: string | null;
  readonly last_status: number | null;
  readonly last_error: FailureKind | null;
  readonly next_attempt_at: string | null;
  readonly delivered_at: string | null;
}

export const newDelivery = (generation: number): Delivery => ({
  state: 'pending',
  attempts: 0,
  generation,
  last_attempt_at: null,
  last_status: null,
  last_error: null,
  next_attempt_at: null,
  delivered_at: null,
});

/** The outcome of one attempt. */
export type AttemptResult =
  | { readonly ok: true; readonly status: number }
  | { readonly ok: false; readonly status: number | null; readonly error: FailureKind };

/** The state after attempt `attempt` (1-based) ended with `result`; `nextAt` null when none is left. */
export function afterAttempt(before: Delivery, attempt: number, result: AttemptResult, at: string, nextAt: string | null): Delivery {
  if (result.ok)
    return {
      ...before,
      state: 'delivered',
      attempts: attempt,
      last_attempt_at: at,
      last_status: result.status,
      last_error: null,
      next_attempt_at: null,
      delivered_at: at,
    };
  return {
    ...before,
    state: nextAt === null ? 'dead_lettered' : 'failing',
    attempts: attempt,
    last_attempt_at: at,
    last_status: result.status,
    last_error: result.error,
    next_attempt_at: nextAt,
  };
}

export const needsAttention = (deliveries: Readonly<Record<string, Delivery>>): boolean =>
  Object.values(deliveries).some((d) => ATTENTION_STATES.includes(d.state));
