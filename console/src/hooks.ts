// Small hooks the pages share: loading an API answer, refreshing it while a page is open, and the
// signed-in session with its clients.
import { createContext } from 'preact';
import { useCallback, useContext, useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, type SalesTaxClient } from './api';
import type { Session } from './session';

export interface Signed {
  readonly session: Session;
  /** Acts for the session (with the engagement header for provider keys). */
  readonly api: SalesTaxClient;
}

export const SignedIn = createContext<Signed | null>(null);

export function useSigned(): Signed {
  const signed = useContext(SignedIn);
  if (!signed) throw new Error('useSigned outside a signed-in page');
  return signed;
}

export interface Loaded<T> {
  readonly data: T | undefined;
  readonly failure: ApiFailure | undefined;
  readonly loading: boolean;
  /** Loads again; the data shown stays until the new answer arrives. */
  readonly reload: () => Promise<void>;
}

const asFailure = (e: unknown): ApiFailure =>
  e instanceof ApiFailure ? e : new ApiFailure('console_error', e instanceof Error ? e.message : String(e), null, 0);

/** Loads `load()` now and whenever `deps` change; answers of superseded loads are dropped. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; failure?: ApiFailure; loading: boolean }>({ loading: true });
  const generation = useRef(0);
  const loader = useRef(load);
  loader.current = load;
  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const data = await loader.current();
      if (mine === generation.current) setState({ data, loading: false });
    } catch (e) {
      if (mine === generation.current) setState((s) => ({ data: s.data, failure: asFailure(e), loading: false }));
    }
  }, []);
  useEffect(() => {
    setState({ loading: true });
    void reload();
  }, deps);
  return { data: state.data, failure: state.failure, loading: state.loading, reload };
}

/** Calls `tick` every `ms` while `active` and the tab is visible (a hidden tab spends no requests). */
export function useInterval(tick: () => void, ms: number, active: boolean): void {
  const saved = useRef(tick);
  saved.current = tick;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') saved.current();
    }, ms);
    return () => clearInterval(timer);
  }, [ms, active]);
}
