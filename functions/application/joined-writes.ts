// The commits of one batch chunk written together. Each item runs the commit use case as a
// synchronous request would; its first write waits until every item of the chunk has either asked
// to write or finished without writing, and then all waiting changes go to the store's writeEach
// (on DynamoDB a few transactions instead of one per document: the chunk's cost is its round trips).
// Each write still settles on its own, exactly as `write` would have; a later write of the same item
// (a retry after a lost race) goes straight to the store.
import type { DocumentChange, TransactionRepository } from '../core/transactions/repository';

/** One item's view of the joined writes; `done` must be called once the item has settled. */
export interface JoinedMember {
  readonly repository: TransactionRepository;
  done(): void;
}

interface Waiting {
  readonly change: DocumentChange;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export function joinedWrites(store: TransactionRepository, members: number): { member(): JoinedMember } {
  /** Members that have neither asked to write nor finished. */
  let open = members;
  let waiting: Waiting[] = [];

  const flushIfAllWaiting = (): void => {
    if (waiting.length === 0 || waiting.length < open) return;
    const joined = waiting;
    waiting = [];
    open -= joined.length;
    store.writeEach(joined.map((w) => w.change)).then(
      (outcomes) => {
        for (const [i, w] of joined.entries()) {
          const outcome = outcomes[i];
          if (outcome?.written) w.resolve();
          else w.reject(outcome ? outcome.error : new Error('the store returned no outcome for a joined write'));
        }
      },
      (error: unknown) => {
        for (const w of joined) w.reject(error);
      },
    );
  };

  return {
    member(): JoinedMember {
      let joined = false;
      let finished = false;
      const write = (change: DocumentChange): Promise<void> => {
        if (joined || finished) return store.write(change);
        joined = true;
        return new Promise<void>((resolve, reject) => {
          waiting.push({ change, resolve, reject });
          flushIfAllWaiting();
        });
      };
      return {
        repository: {
          get: (code) => store.get(code),
          list: (filters, page) => store.list(filters, page),
          write,
          writeEach: (changes) => store.writeEach(changes),
        },
        done: () => {
          if (finished) return;
          finished = true;
          // A member that wrote was counted out when its write was sent.
          if (!joined) {
            open--;
            flushIfAllWaiting();
          }
        },
      };
    },
  };
}
