// Sign in with an API key. The key is checked with GET /config (its environment), then
// GET /provider/engagements tells a provider key (it lists the engagements to pick one from) from an
// account key (403 provider_key_required). A provider key without provider:read names an
// engagement by its ref instead. GET /provider/client confirms the engagement may be acted for.
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, answer, apiClient, type Environment, type Ok } from '../api';
import { Badge, ErrorBox, Pager, PageTitle } from '../components';
import { cursorOf, FIRST_PAGE, type PageState } from '../paging';
import type { Session } from '../session';

type Engagements = Ok<'provider-engagements'>;

interface Pending {
  readonly key: string;
  readonly environment: Environment;
  /** null: the key may not list engagements; the user types a ref. */
  readonly engagements: Engagements | null;
  readonly page: PageState;
}

/** `reuseKey`: the signed-in key, to pick another engagement with it ("Change client"). */
export function SignIn({ onSignedIn, reuseKey }: { onSignedIn: (session: Session) => void; reuseKey?: string }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (e) {
      setFailure(e instanceof ApiFailure ? e : new ApiFailure('console_error', String(e), null, 0));
    } finally {
      setBusy(false);
    }
  };

  const listEngagements = (key: string, page: PageState) => {
    const cursor = cursorOf(page);
    return answer(apiClient(key).GET('/api/v1/provider/engagements', { params: { query: { limit: 50, ...(cursor ? { cursor } : {}) } } }));
  };

  const signInWith = (key: string) =>
    run(async () => {
      const config = await answer(apiClient(key).GET('/api/v1/config'));
      try {
        const engagements = await listEngagements(key, FIRST_PAGE);
        setPending({ key, environment: config.environment, engagements, page: FIRST_PAGE });
      } catch (e) {
        if (!(e instanceof ApiFailure)) throw e;
        if (e.code === 'provider_key_required') return onSignedIn({ key, environment: config.environment, kind: 'account', engagement: null });
        if (e.code !== 'insufficient_scope') throw e;
        setPending({ key, environment: config.environment, engagements: null, page: FIRST_PAGE });
      }
    });

  const submitKey = (event: Event) => {
    event.preventDefault();
    void signInWith((new FormData(event.currentTarget as HTMLFormElement).get('key') as string | null)?.trim() ?? '');
  };

  useEffect(() => {
    if (reuseKey) void signInWith(reuseKey);
  }, []);

  const choose = (ref: string) =>
    run(async () => {
      if (!pending) return;
      const signIn = (engagement: Session['engagement']) => onSignedIn({ key: pending.key, environment: pending.environment, kind: 'provider', engagement });
      try {
        const client = await answer(apiClient(pending.key, ref).GET('/api/v1/provider/client'));
        signIn({ id: client.engagement.id, ref: client.engagement.ref, client: client.account.name });
      } catch (e) {
        // Without provider:read the engagement cannot be confirmed here; each page's own call will.
        if (!(e instanceof ApiFailure) || e.code !== 'insufficient_scope' || pending.engagements) throw e;
        signIn({ id: null, ref, client: null });
      }
    });

  const submitEngagement = (event: Event) => {
    event.preventDefault();
    const ref = (new FormData(event.currentTarget as HTMLFormElement).get('engagement') as string | null)?.trim();
    if (ref) void choose(ref);
  };

  const turnPage = (page: PageState) =>
    run(async () => {
      if (!pending) return;
      setPending({ ...pending, engagements: await listEngagements(pending.key, page), page });
    });

  return (
    <section class="sign-in" aria-labelledby="page-title">
      <PageTitle>{pending ? 'Choose a client engagement' : 'Sign in'}</PageTitle>
      {!pending && (
        // method=post and no action: even without the script, the key could never land in a URL.
        <form method="post" onSubmit={submitKey} autoComplete="off">
          <p id="key-help" class="muted">
            Use an API key of this service (<code>stx_test_…</code> or <code>stx_live_…</code>). It stays in this tab's session storage and is sent only to this
            service's API, as <code>Authorization: Bearer</code>. Closing the tab forgets it.
          </p>
          <label for="key">API key</label>
          <input id="key" name="key" type="password" required autoComplete="off" spellcheck={false} aria-describedby="key-help" minLength={8} />
          <button type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      )}
      {pending?.engagements && (
        <form method="post" onSubmit={submitEngagement}>
          <fieldset>
            <legend>This is a provider key ({pending.environment}). Pick the client to work for; every page then shows that client's data.</legend>
            {pending.engagements.data.length === 0 && <p>This key may act for no engagement.</p>}
            <ul class="choices">
              {pending.engagements.data.map((e) => (
                <li key={e.id}>
                  <input type="radio" id={`engagement-${e.id}`} name="engagement" value={e.ref} disabled={e.status !== 'usable'} required />
                  <label for={`engagement-${e.id}`}>
                    {e.client.name ?? e.client.account_id}{' '}
                    <span class="muted">
                      (ref {e.ref}, id {e.id})
                    </span>{' '}
                    <Badge value={e.status} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <Pager label="Engagements" state={pending.page} next={pending.engagements.next_cursor} onChange={(p) => void turnPage(p)} />
          <button type="submit" disabled={busy}>
            Continue
          </button>{' '}
          <button type="button" class="secondary" onClick={() => setPending(null)}>
            Use another key
          </button>
        </form>
      )}
      {pending && !pending.engagements && (
        <form method="post" onSubmit={submitEngagement}>
          <p id="ref-help" class="muted">
            This provider key may not list engagements (it lacks <code>provider:read</code>). Name the engagement by its ref.
          </p>
          <label for="engagement">Engagement ref</label>
          <input id="engagement" name="engagement" required aria-describedby="ref-help" />
          <button type="submit" disabled={busy}>
            Continue
          </button>
        </form>
      )}
      {failure && <ErrorBox failure={failure} what="Signing in failed" />}
    </section>
  );
}
