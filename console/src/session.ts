// Who is signed in: the API key, what it is, and (provider keys) the client engagement it acts for.
// Kept in sessionStorage only — gone when the tab closes, never in localStorage, a cookie or a URL.
import type { Environment } from './api';

export interface Engagement {
  /** null when the key may not read it (no provider:read). */
  readonly id: number | null;
  readonly ref: string;
  readonly client: string | null;
}

export interface Session {
  readonly key: string;
  readonly environment: Environment;
  readonly kind: 'account' | 'provider';
  /** Provider keys: the engagement every request acts for (X-Service-Client-Ref). */
  readonly engagement: Engagement | null;
}

const ITEM = 'salestax-console-session';

export function loadSession(): Session | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(ITEM) ?? 'null') as Session | null;
    if (!stored || typeof stored.key !== 'string' || (stored.kind !== 'account' && stored.kind !== 'provider')) return null;
    if (stored.kind === 'provider' && !stored.engagement) return null;
    return stored;
  } catch {
    return null;
  }
}

export function saveSession(session: Session): void {
  sessionStorage.setItem(ITEM, JSON.stringify(session));
}

export function clearSession(): void {
  sessionStorage.removeItem(ITEM);
}
