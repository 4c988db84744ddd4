// The console's frame: a skip link, a banner with who is signed in, the navigation for what the
// key may use (account keys: webhooks; provider keys: return jobs), and the page of the URL's
// fragment in the main landmark.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { apiClient } from './api';
import { Badge, PageTitle } from './components';
import { type Signed, SignedIn } from './hooks';
import { BatchDetail, BatchList } from './pages/batches';
import { DeclaredExemptions } from './pages/declared-exemptions';
import { EconomicNexus } from './pages/nexus';
import { Overview } from './pages/overview';
import { ReturnJobDetail, ReturnJobList } from './pages/return-jobs';
import { SignIn } from './pages/sign-in';
import { TransactionDetail, TransactionList } from './pages/transactions';
import { Webhooks } from './pages/webhooks';
import { href, type Page, parseRoute, type Route } from './route';
import { clearSession, loadSession, type Session, saveSession } from './session';

const PAGES: Record<Session['kind'], readonly [Page, string][]> = {
  account: [
    ['overview', 'Overview'],
    ['batches', 'Batches'],
    ['transactions', 'Transactions'],
    ['declared-exemptions', 'Declared exemptions'],
    ['nexus', 'Economic nexus'],
    ['webhooks', 'Webhooks'],
  ],
  provider: [
    ['overview', 'Overview'],
    ['batches', 'Batches'],
    ['return-jobs', 'Return jobs'],
    ['transactions', 'Transactions'],
    ['declared-exemptions', 'Declared exemptions'],
    ['nexus', 'Economic nexus'],
  ],
};

function NotForThisKey({ title, why }: { title: string; why: string }) {
  return (
    <section aria-labelledby="page-title">
      <PageTitle>{title}</PageTitle>
      <p>{why}</p>
    </section>
  );
}

function Content({ route, kind }: { route: Route; kind: Session['kind'] }) {
  switch (route.page) {
    case 'batches':
      return route.id ? <BatchDetail key={route.id} id={route.id} /> : <BatchList />;
    case 'return-jobs':
      if (kind !== 'provider')
        return (
          <NotForThisKey title="Return jobs" why="Return jobs are run by provider keys for a client engagement. Sign in with a provider key to see them." />
        );
      return route.id ? <ReturnJobDetail key={route.id} id={route.id} /> : <ReturnJobList />;
    case 'webhooks':
      if (kind !== 'account')
        return <NotForThisKey title="Webhooks" why="Webhook endpoints belong to an account and are managed with its organization keys." />;
      return <Webhooks />;
    case 'declared-exemptions':
      return <DeclaredExemptions />;
    case 'nexus':
      return <EconomicNexus />;
    case 'transactions':
      return route.code ? <TransactionDetail key={route.code} code={route.code} /> : <TransactionList />;
    default:
      return <Overview />;
  }
}

export function App() {
  const [session, setSession] = useState<Session | null>(loadSession);
  const [changingClient, setChangingClient] = useState(false);
  const [route, setRoute] = useState<Route>(() => parseRoute(location.hash));
  useEffect(() => {
    const follow = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const signed = useMemo<Signed | null>(() => (session ? { session, api: apiClient(session.key, session.engagement?.ref) } : null), [session]);

  const signIn = (s: Session) => {
    saveSession(s);
    setChangingClient(false);
    setSession(s);
  };
  const signOut = () => {
    clearSession();
    setChangingClient(false);
    setSession(null);
  };
  const skip = () => document.getElementById('main')?.focus();

  return (
    <>
      {/* A button, not a link to #main: the fragment holds the console's page (route.ts). */}
      <button type="button" class="skip" onClick={skip}>
        Skip to content
      </button>
      <header class="top">
        <div class="bar">
          <p class="brand">
            Sales Tax <span class="muted">operations console</span>
          </p>
          {session && (
            <div class="who">
              <Badge value={session.environment} />
              {session.engagement && (
                <span>
                  client <strong>{session.engagement.client ?? session.engagement.ref}</strong> <span class="muted">({session.engagement.ref})</span>
                </span>
              )}
              {session.kind === 'provider' && (
                <button type="button" class="secondary" onClick={() => setChangingClient(true)}>
                  Change client
                </button>
              )}
              <button type="button" class="secondary" onClick={signOut}>
                Sign out
              </button>
            </div>
          )}
        </div>
        {session && !changingClient && (
          <nav aria-label="Console">
            <ul>
              {PAGES[session.kind].map(([page, label]) => (
                <li key={page}>
                  <a href={href({ page } as Route)} aria-current={route.page === page ? 'page' : undefined}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {!signed || changingClient ? (
          <SignIn key={changingClient ? 'change' : 'new'} onSignedIn={signIn} reuseKey={changingClient ? session?.key : undefined} />
        ) : (
          <SignedIn.Provider value={signed}>
            <Content route={route} kind={signed.session.kind} />
          </SignedIn.Provider>
        )}
      </main>
      <footer class="foot">
        <p class="muted">
          Every figure here comes from this service's public API (<a href="docs">reference</a>), read with your key.
        </p>
      </footer>
    </>
  );
}
