// The sweeper: the safety net for work accepted but not finished. It walks the pending-work
// registry (a few known partitions, no scan) and hands each entry to the handler of its kind,
// which re-queues what is missing, fails what is overdue, and says when the work is finished (the
// entry is then removed, if the finishing write has not removed it already). Return-job items and
// webhook deliveries plug in as further kinds with their own handler.
import type { PendingWork, PendingWorkRegistry, WorkKind } from '../core/work/pending-work';

/** What a handler found: the work is finished (entry removed) or still pending (kept; `requeued` messages sent). */
export type SweepOutcome = { readonly finished: true } | { readonly finished: false; readonly requeued: number };

export type SweepHandler = (work: PendingWork, now: Date) => Promise<SweepOutcome>;

export interface SweeperPorts {
  readonly registry: PendingWorkRegistry;
  readonly handlers: Readonly<Record<WorkKind, SweepHandler>>;
}

export interface SweepReport {
  readonly seen: number;
  readonly finished: number;
  readonly requeued: number;
  readonly failed: number;
}

/** One pass over the registry. One entry's failure is counted and does not stop the others. */
export async function sweep(ports: SweeperPorts, now: Date, onError: (work: PendingWork, error: unknown) => void = () => undefined): Promise<SweepReport> {
  let seen = 0;
  let finished = 0;
  let requeued = 0;
  let failed = 0;
  for await (const page of ports.registry.pages(100)) {
    for (const work of page) {
      seen++;
      try {
        const outcome = await ports.handlers[work.kind](work, now);
        if (outcome.finished) {
          await ports.registry.remove(work);
          finished++;
        } else requeued += outcome.requeued;
      } catch (error) {
        failed++;
        onError(work, error);
      }
    }
  }
  return { seen, finished, requeued, failed };
}
