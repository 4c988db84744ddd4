// Economic nexus (GET /nexus, docs/economic-nexus.md): on a day (today, or the one asked about),
// each state's measure as a share of its threshold, charted with the threshold and the approach
// line and tabled with its status, what was measured, when it was crossed, when collection starts
// and the registration; then the nexus alerts, which are webhook events of the account
// (GET /events by type), read only with a key that may read them.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { answer, type Ok } from '../api';
import { ShareChart } from '../chart';
import { Badge, type Column, cursorQuery, ErrorBox, Loading, PagedTable, PageTitle, Table, Time } from '../components';
import { money, percent } from '../format';
import { useLoad, useSigned } from '../hooks';
import { type NexusAlert, type NexusState, nexusAlert, periodText, shareBars, shareSummary, thresholdText } from '../nexus';
import { FIRST_PAGE } from '../paging';
import { Deliveries } from './webhooks';

type AlertType = 'nexus.threshold_crossed' | 'nexus.threshold_approaching';
type AlertEvent = Ok<'events-list'>['data'][number];

const day = (d: string | null) => d ?? <span class="muted">—</span>;

const STATE_COLUMNS: Column<NexusState>[] = [
  { header: 'State', rowHeader: true, cell: (s) => s.state },
  { header: 'Status', cell: (s) => <Badge value={s.status} /> },
  { header: 'Share', numeric: true, cell: (s) => percent(s.share) },
  { header: 'Measured sales', numeric: true, cell: (s) => money(s.measured.sales) },
  { header: 'Transactions', numeric: true, cell: (s) => s.measured.transactions.toLocaleString('en-US') },
  { header: 'Threshold', cell: (s) => thresholdText(s.threshold) },
  { header: 'Period measured', cell: (s) => periodText(s.period) },
  { header: 'Next test', cell: (s) => day(s.next_test) },
  { header: 'Crossed on', cell: (s) => day(s.crossed_on) },
  { header: 'Collect from', cell: (s) => day(s.obligation_from) },
  { header: 'Registered from', cell: (s) => day(s.registered_from) },
];

/** Today's UTC date, the latest day GET /nexus measures (a later one is a projection). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

function Measurement({ asOf }: { asOf: string | null }) {
  const { api } = useSigned();
  const nexus = useLoad(() => answer(api.GET('/api/v1/nexus', { params: { query: asOf ? { as_of: asOf } : {} } })), [api, asOf]);
  const n = nexus.data;
  const bars = n ? shareBars(n.states) : null;
  return (
    <>
      {nexus.failure && <ErrorBox failure={nexus.failure} what="Measuring economic nexus" />}
      {!n && !nexus.failure && <Loading what="the economic nexus measurement" />}
      {n && bars && (
        <>
          <p id="nexus-as-of">
            Measured on <strong>{n.as_of}</strong> (UTC): {n.states.filter((s) => s.status === 'crossed').length} crossed,{' '}
            {n.states.filter((s) => s.status === 'approaching').length} approaching, {n.states.filter((s) => s.status === 'registered').length} registered, of{' '}
            {n.states.length} states with an economic nexus rule. <span class="muted">Rules file SHA-256 {n.rules_sha256.slice(0, 12)}…</span>
          </p>
          {bars.states.length > 0 ? (
            <ShareChart
              title={`Share of the threshold by state${bars.omitted > 0 ? ` (${bars.omitted} states with nothing measured are in the table only)` : ''}`}
              summary={shareSummary(bars)}
              bars={bars}
            />
          ) : (
            <p class="muted">No sales measured in any state on this day.</p>
          )}
          <Table
            caption="Economic nexus by state, nearest to an obligation first"
            columns={STATE_COLUMNS}
            rows={n.states}
            rowKey={(s) => s.state}
            empty="No state has an economic nexus rule on this day."
          />
        </>
      )}
    </>
  );
}

function AlertList({ type, title, id }: { type: AlertType; title: string; id: string }) {
  const { api } = useSigned();
  const [page, setPage] = useState(FIRST_PAGE);
  const list = useLoad(() => answer(api.GET('/api/v1/events', { params: { query: { type, limit: 25, ...cursorQuery(page) } } })), [api, type, page]);
  const figure =
    (read: (a: NexusAlert) => ComponentChildren) =>
    (e: AlertEvent): ComponentChildren => {
      const a = nexusAlert(e.data);
      return a ? read(a) : <span class="muted">—</span>;
    };
  const columns: Column<AlertEvent>[] = [
    { header: 'Event', rowHeader: true, cell: (e) => <code>{e.id}</code> },
    { header: 'Created', cell: (e) => <Time at={e.created_at} /> },
    { header: 'State', cell: figure((a) => a.state) },
    { header: 'As of', cell: figure((a) => a.asOf) },
    { header: 'Share', numeric: true, cell: figure((a) => percent(a.share)) },
    { header: 'Measured sales', numeric: true, cell: figure((a) => money(a.sales)) },
    { header: 'Transactions', numeric: true, cell: figure((a) => a.transactions.toLocaleString('en-US')) },
    type === 'nexus.threshold_crossed'
      ? { header: 'Crossed on', cell: figure((a) => day(a.crossedOn)) }
      : { header: 'Next test', cell: figure((a) => day(a.nextTest)) },
    ...(type === 'nexus.threshold_crossed' ? [{ header: 'Collect from', cell: figure((a) => day(a.obligationFrom)) }] : []),
    { header: 'Deliveries', cell: (e) => <Deliveries event={e} /> },
  ];
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <PagedTable
        list={list}
        what={title.toLowerCase()}
        page={page}
        onPage={setPage}
        caption={`${title}: events of the last 30 days, newest first`}
        hideCaption
        columns={columns}
        rowKey={(e) => e.id}
        empty="None in the last 30 days."
      />
    </section>
  );
}

function Alerts() {
  const { session } = useSigned();
  return (
    <section aria-labelledby="alerts-title">
      <h2 id="alerts-title">Alerts</h2>
      {session.kind === 'provider' ? (
        // GET /events is the account's own (organization keys): a provider key is refused it.
        <p>
          Nexus alerts are webhook events of the client's account (<code>nexus.threshold_crossed</code>, <code>nexus.threshold_approaching</code>), read with
          one of its organization keys.
        </p>
      ) : (
        <>
          <p class="muted">
            Written once per state and crossing, or per state and period for an approach, where the account has not registered; delivered to its webhook
            endpoints.
          </p>
          <AlertList type="nexus.threshold_crossed" title="Thresholds crossed" id="crossed-title" />
          <AlertList type="nexus.threshold_approaching" title="Thresholds approaching" id="approaching-title" />
        </>
      )}
    </section>
  );
}

export function EconomicNexus() {
  const [asOf, setAsOf] = useState<string | null>(null);
  const choose = (event: Event) => {
    event.preventDefault();
    const value = (new FormData(event.currentTarget as HTMLFormElement).get('as_of') as string | null)?.trim();
    setAsOf(value ? value : null);
  };
  return (
    <section aria-labelledby="page-title">
      <PageTitle>Economic nexus</PageTitle>
      <p>
        Where the sales measured — committed documents and the recorded sales history — meet or near each state's economic nexus test, by the rule in force on
        the day.
      </p>
      <form method="post" class="toolbar" onSubmit={choose} aria-label="Day measured">
        <label for="as-of">As of</label>
        <input id="as-of" name="as_of" type="date" max={todayUtc()} aria-describedby="as-of-hint" />
        <button type="submit" class="secondary">
          Measure
        </button>
        <span id="as-of-hint" class="muted">
          Empty: today (UTC).
        </span>
      </form>
      <Measurement asOf={asOf} />
      <Alerts />
    </section>
  );
}
