// Webhooks (organization keys): the endpoints, and recent events with each delivery's state,
// attempts, last answer and next retry; "Redeliver" starts a new round of attempts
// (POST /events/{id}/redeliver). The events refresh every 10 s while a delivery on the page is
// still pending or failing.
import type { operations } from '@salestax/client';
import { useState } from 'preact/hooks';
import { ApiFailure, answer, type Ok } from '../api';
import { Badge, type Column, cursorQuery, ErrorBox, PagedTable, PageTitle, Time } from '../components';
import { useInterval, useLoad, useSigned } from '../hooks';
import { FIRST_PAGE } from '../paging';

type Endpoint = Ok<'webhooks-list'>['data'][number];
type WebhookEvent = Ok<'events-list'>['data'][number];
type EventType = NonNullable<NonNullable<operations['events-list']['parameters']['query']>['type']>;

/** Every event type of the API, named (a type the API adds fails to compile here until named). */
const EVENT_TYPES = {
  'transaction.committed': 'Transaction committed',
  'transaction.refunded': 'Transaction refunded',
  'transaction.credited': 'Transaction credited',
  'transaction.voided': 'Transaction voided',
  'transaction.refund_withdrawn': 'Refund withdrawn',
  'transaction.adjusted': 'Transaction adjusted',
  'certificate.activated': 'Certificate activated',
  'batch.completed': 'Batch completed',
  'batch.failed': 'Batch failed',
  'return_job.completed': 'Return job completed',
  'return_job.failed': 'Return job failed',
  'nexus.threshold_approaching': 'Nexus threshold approaching',
  'nexus.threshold_crossed': 'Nexus threshold crossed',
} as const satisfies Record<EventType, string>;

const REFRESH_MS = 10_000;

/** `refreshed` changes when the user asks for fresh figures. */
function Endpoints({ refreshed }: { refreshed: number }) {
  const { api } = useSigned();
  const [page, setPage] = useState(FIRST_PAGE);
  const list = useLoad(() => answer(api.GET('/api/v1/webhooks', { params: { query: { limit: 25, ...cursorQuery(page) } } })), [api, page, refreshed]);
  const columns: Column<Endpoint>[] = [
    { header: 'Endpoint', rowHeader: true, cell: (e) => <code>{e.id}</code> },
    { header: 'URL', cell: (e) => <span class="url">{e.url}</span> },
    { header: 'Events', cell: (e) => <span class="events">{e.events.join(', ')}</span> },
    { header: 'Status', cell: (e) => <Badge value={e.status} /> },
    {
      header: 'Health',
      cell: (e) => (
        <span class="health">
          {e.disabled_reason ? (
            <>
              {e.disabled_reason} (<Time at={e.disabled_at} />)
            </>
          ) : e.failing_since ? (
            <>
              failing since <Time at={e.failing_since} />
            </>
          ) : (
            'ok'
          )}
        </span>
      ),
    },
    { header: 'Created', cell: (e) => <Time at={e.created_at} /> },
  ];
  return (
    <section aria-labelledby="endpoints-title">
      <h2 id="endpoints-title">Endpoints</h2>
      <PagedTable
        list={list}
        what="endpoints"
        page={page}
        onPage={setPage}
        caption="Webhook endpoints"
        hideCaption
        columns={columns}
        rowKey={(e) => e.id}
        empty="No endpoints registered."
      />
    </section>
  );
}

export function Deliveries({ event }: { event: WebhookEvent }) {
  if (event.deliveries.length === 0) return <span class="muted">no endpoint subscribed</span>;
  return (
    <ul class="deliveries">
      {event.deliveries.map((d) => (
        <li key={d.endpoint_id}>
          <Badge value={d.state} /> <code>{d.endpoint_id}</code>: {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
          {d.last_attempt_at && (
            <>
              , last <Time at={d.last_attempt_at} />
              {d.last_status !== null && <> answered HTTP {d.last_status}</>}
              {d.last_error && <> ({d.last_error})</>}
            </>
          )}
          {d.next_attempt_at && (
            <>
              ; next retry <Time at={d.next_attempt_at} />
            </>
          )}
          {d.delivered_at && (
            <>
              ; delivered <Time at={d.delivered_at} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function Events({ refreshed, refresh }: { refreshed: number; refresh: () => void }) {
  const { api } = useSigned();
  const [type, setType] = useState<EventType | ''>('');
  const [page, setPage] = useState(FIRST_PAGE);
  const [redelivered, setRedelivered] = useState<Record<string, WebhookEvent>>({});
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const list = useLoad(async () => {
    const answered = await answer(api.GET('/api/v1/events', { params: { query: { limit: 25, ...(type ? { type } : {}), ...cursorQuery(page) } } }));
    setRedelivered({});
    return answered;
  }, [api, type, page, refreshed]);
  const events = (list.data?.data ?? []).map((e) => redelivered[e.id] ?? e);
  const open = events.some((e) => e.deliveries.some((d) => d.state === 'pending' || d.state === 'failing'));
  useInterval(() => void list.reload(), REFRESH_MS, open);

  const redeliver = async (event: WebhookEvent) => {
    setFailure(null);
    setMessage(`Redelivering ${event.id}…`);
    try {
      const again = await answer(api.POST('/api/v1/events/{id}/redeliver', { params: { path: { id: event.id } } }));
      setRedelivered((r) => ({ ...r, [again.id]: again }));
      setMessage(`Event ${again.id} queued again for ${again.deliveries.length} endpoint${again.deliveries.length === 1 ? '' : 's'}.`);
    } catch (e) {
      setMessage('');
      if (e instanceof ApiFailure) setFailure(e);
      else throw e;
    }
  };

  const columns: Column<WebhookEvent>[] = [
    { header: 'Event', rowHeader: true, cell: (e) => <code>{e.id}</code> },
    { header: 'Type', cell: (e) => e.type },
    { header: 'Created', cell: (e) => <Time at={e.created_at} /> },
    { header: 'Deliveries', cell: (e) => <Deliveries event={e} /> },
    {
      header: 'Action',
      cell: (e) => (
        <button type="button" class="secondary" onClick={() => void redeliver(e)} aria-label={`Redeliver event ${e.id}`} disabled={e.deliveries.length === 0}>
          Redeliver
        </button>
      ),
    },
  ];
  return (
    <section aria-labelledby="events-title">
      <h2 id="events-title">Recent events</h2>
      <div class="toolbar">
        <label for="type-filter">Type</label>
        <select
          id="type-filter"
          value={type}
          onChange={(e) => {
            setType((e.currentTarget as HTMLSelectElement).value as EventType | '');
            setPage(FIRST_PAGE);
          }}
        >
          <option value="">any</option>
          {Object.entries(EVENT_TYPES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <button type="button" class="secondary" onClick={refresh} disabled={list.loading}>
          Refresh
        </button>
      </div>
      <p role="status" class="muted" id="events-status">
        {message}
      </p>
      {failure && <ErrorBox failure={failure} what="Redelivering" />}
      <PagedTable
        list={list}
        what="events"
        page={page}
        onPage={setPage}
        rows={events}
        caption="Events of the last 30 days, newest first"
        columns={columns}
        rowKey={(e) => e.id}
        empty="No events."
      />
    </section>
  );
}

export function Webhooks() {
  // One Refresh reads both the endpoints and the events again.
  const [refreshed, setRefreshed] = useState(0);
  const refresh = () => setRefreshed((n) => n + 1);
  return (
    <section aria-labelledby="page-title">
      <PageTitle>Webhooks</PageTitle>
      <Endpoints refreshed={refreshed} />
      <Events refreshed={refreshed} refresh={refresh} />
    </section>
  );
}
