// Reads, decides and writes committed documents for one tenant. A change is decided by the pure
// lifecycle rules on the document as just read and written with a version condition; when another
// writer got there first the whole read-decide-write runs again on the new version.
import { TransactionStore } from '../adapters/dynamodb/transaction-store';
import { visibleTo, type Principal } from '../core/access/authorize';
import type { Tenant } from '../core/access/records';
import { DomainError } from '../core/errors';
import type { TransactionRecord } from '../core/transactions/record';
import { StaleWrite, type DocumentChange, type Stored } from '../core/transactions/repository';
import { transactionSummaryView } from '../core/transactions/view';
import { documents } from './clients';
import { config } from './config';

export const transactionStore = (tenant: Tenant): TransactionStore => new TransactionStore(documents, config().tableName, tenant);

const notFound = () => new DomainError('transaction_not_found', 'No transaction with this code exists in the scope of this key.');

/** A document the key may see: its tenant's, and for a location-scoped key its location's. */
export async function visibleDocument(store: TransactionStore, code: string, principal: Principal): Promise<Stored> {
  const stored = await store.get(code);
  if (!stored || !visibleTo(principal, stored.record.location_code)) throw notFound();
  return stored;
}

/** Runs read-decide-write until the write lands on the version it was decided on. */
export async function untilWritten<T>(attempt: () => Promise<T>, maxAttempts = 40): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof StaleWrite) || i >= maxAttempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** Math.min(i, 6))));
    }
  }
}

/**
 * Changes the document `code` through `decide`, which receives the current version and returns
 * the change to write (its own updates are conditioned on that version).
 */
export function changeDocument<T>(
  store: TransactionStore,
  code: string,
  principal: Principal,
  decide: (current: Stored) => { change: DocumentChange; result: T },
  /** A version the caller already read; the first attempt decides on it instead of reading again. */
  firstRead?: Stored,
): Promise<T> {
  let read = firstRead;
  return untilWritten(async () => {
    const current = read ?? (await visibleDocument(store, code, principal));
    read = undefined;
    const { change, result } = decide(current);
    await store.write(change);
    return result;
  });
}

export const eventData = (record: TransactionRecord) => transactionSummaryView(record);
