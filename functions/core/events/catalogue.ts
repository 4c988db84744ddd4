// The catalogue of domain events (docs/webhooks.md, "Event types"): one typed, versioned definition
// per event type. Every change writes its event in the same transaction as the change itself (an
// outbox); the payload types here are what webhook receivers get as `data`. A payload change that
// is not backwards compatible bumps the type's version.
import type { BatchEventData } from '../batches/event-data';
import type { CertificateView } from '../certificates/certificate';
import type { NexusAlertData } from '../nexus/alerts';
import type { TransactionSummary } from '../transactions/view';

export interface EventPayloads {
  'transaction.committed': TransactionSummary;
  'transaction.refunded': { readonly original: TransactionSummary; readonly refund: TransactionSummary };
  'transaction.credited': { readonly original: TransactionSummary; readonly credit: TransactionSummary };
  'transaction.voided': TransactionSummary;
  'transaction.refund_withdrawn': { readonly original: TransactionSummary; readonly refund: TransactionSummary };
  'transaction.adjusted': { readonly original: TransactionSummary; readonly reversal: TransactionSummary; readonly replacement: TransactionSummary };
  'certificate.activated': CertificateView;
  'batch.completed': BatchEventData;
  'batch.failed': BatchEventData;
  'return_job.completed': BatchEventData;
  'return_job.failed': BatchEventData;
  'nexus.threshold_approaching': NexusAlertData;
  'nexus.threshold_crossed': NexusAlertData;
}

export type EventType = keyof EventPayloads;

interface Definition {
  readonly version: number;
  readonly description: string;
}

export const EVENT_CATALOGUE: { readonly [T in EventType]: Definition } = {
  'transaction.committed': { version: 1, description: 'A sale was committed (POST /transactions).' },
  'transaction.refunded': { version: 1, description: 'A refund document was written against a committed sale.' },
  'transaction.credited': { version: 1, description: 'A tax-only credit was written against a committed sale.' },
  'transaction.voided': { version: 1, description: 'A committed sale was voided.' },
  'transaction.refund_withdrawn': {
    version: 1,
    description: 'A refund was withdrawn (a TaxJar refund update or delete): the refund is voided and its original gets back what it took.',
  },
  'transaction.adjusted': { version: 1, description: 'A sale was adjusted: its reversal and replacement were written with it.' },
  'certificate.activated': { version: 1, description: 'An exemption certificate was activated by a named reviewer.' },
  'batch.completed': { version: 1, description: 'Every item of a batch finished (each succeeded or failed on its own).' },
  'batch.failed': { version: 1, description: 'A batch could not finish before its deadline; its unfinished items failed.' },
  'return_job.completed': { version: 1, description: 'Every item of a provider return job finished (each succeeded or failed on its own).' },
  'return_job.failed': { version: 1, description: 'A return job could not finish before its deadline; its unfinished items failed.' },
  'nexus.threshold_approaching': {
    version: 1,
    description: 'Sales into a state where the account is not registered reached 80 % of its economic nexus threshold (once per state and period).',
  },
  'nexus.threshold_crossed': {
    version: 1,
    description: 'Sales into a state where the account is not registered met its economic nexus threshold (once per state and crossing).',
  },
};

export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as readonly EventType[];

/** An event as the change that emits it describes it; the store gives it an id when writing it. */
export interface EventDraft<T extends EventType = EventType> {
  readonly type: T;
  readonly version: number;
  /** When the change happened (RFC 3339). */
  readonly at: string;
  readonly data: EventPayloads[T];
}

/** Any event draft, as a union discriminated by `type`. */
export type AnyEventDraft = { [T in EventType]: EventDraft<T> }[EventType];

export function eventDraft<T extends EventType>(type: T, at: string, data: EventPayloads[T]): EventDraft<T> {
  return { type, version: EVENT_CATALOGUE[type].version, at, data };
}
