// Optimistic concurrency: a change is decided on the version just read and written with a version
// condition; when another writer got there first (StaleWrite), the whole read-decide-write runs
// again on the new version. Jittered backoff keeps contending writers from retrying in lockstep.
import { StaleWrite } from '../core/transactions/repository';

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
