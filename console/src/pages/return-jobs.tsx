// Return jobs of the chosen client engagement (provider keys): the list, and one job — progress
// while it runs, its per-state per-month figures (paged by cursor), and its liability by state and
// by month as charts with the same figures in a table (every item read, 100 a page).
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { allPages, answer, type Ok } from '../api';
import { BarChart } from '../chart';
import { Badge, type Column, cursorQuery, ErrorBox, Loading, PagedTable, PageTitle } from '../components';
import { money } from '../format';
import { useInterval, useLoad, useSigned } from '../hooks';
import { type Liability, liability, monthSeries } from '../liability';
import { FIRST_PAGE, type PageState } from '../paging';
import { href } from '../route';
import { ItemOutcome, JobList, JobSummary, type StatusChoice } from './jobs';

type Item = Ok<'return-jobs-items'>['data'][number];

const POLL_MS = 2_000;
const dollars = (cents: number) => money(cents / 100);

export function ReturnJobList() {
  const { api } = useSigned();
  const load = useCallback(
    (status: StatusChoice, page: PageState) =>
      answer(api.GET('/api/v1/provider/return-jobs', { params: { query: { limit: 25, ...(status ? { status } : {}), ...cursorQuery(page) } } })),
    [api],
  );
  return <JobList title="Return jobs" page="return-jobs" load={load} />;
}

function LiabilityView({ l }: { l: Liability }) {
  const byState = useMemo(() => [{ label: 'Tax', values: l.stateTotalsCents }], [l]);
  const byMonth = useMemo(() => monthSeries(l), [l]);
  if (l.states.length === 0) return <p class="muted">No succeeded summaries to chart.</p>;
  return (
    <section aria-labelledby="liability-title">
      <h2 id="liability-title">Liability</h2>
      <p>
        Total tax of the job's summaries: <strong>{dollars(l.totalCents)}</strong> over {l.states.length} state{l.states.length === 1 ? '' : 's'} and{' '}
        {l.periods.length} month{l.periods.length === 1 ? '' : 's'}.
      </p>
      <div class="charts">
        <BarChart
          title="Tax by state"
          summary={`Bar chart of tax by state, largest first: ${l.states.map((s, i) => `${s} ${dollars(l.stateTotalsCents[i]!)}`).join(', ')}. The table below has every figure.`}
          labels={l.states}
          series={byState}
        />
        <BarChart
          title="Tax by month, stacked by state"
          summary={`Stacked bar chart of tax by month: ${l.periods.map((p, i) => `${p} ${dollars(l.periodTotalsCents[i]!)}`).join(', ')}. The table below has every figure.`}
          labels={l.periods}
          series={byMonth}
          stack
        />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region keyboard users can reach (components.tsx Table) */}
      <section class="table-wrap" aria-label="Tax by state and month" tabIndex={0}>
        <table class="pivot">
          <caption>Tax by state and month</caption>
          <thead>
            <tr>
              <th scope="col">State</th>
              {l.periods.map((p) => (
                <th key={p} scope="col" class="num">
                  {p}
                </th>
              ))}
              <th scope="col" class="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {l.states.map((state, s) => (
              <tr key={state}>
                <th scope="row">{state}</th>
                {l.periods.map((p, i) => (
                  <td key={p} class="num">
                    {dollars(l.taxCents[s]![i]!)}
                  </td>
                ))}
                <td class="num">{dollars(l.stateTotalsCents[s]!)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {l.periodTotalsCents.map((c, i) => (
                <td key={l.periods[i]} class="num">
                  {dollars(c)}
                </td>
              ))}
              <td class="num">{dollars(l.totalCents)}</td>
            </tr>
          </tfoot>
        </table>
      </section>
    </section>
  );
}

export function ReturnJobDetail({ id }: { id: string }) {
  const { api } = useSigned();
  const [page, setPage] = useState(FIRST_PAGE);
  const header = useLoad(() => answer(api.GET('/api/v1/provider/return-jobs/{id}', { params: { path: { id }, query: { items_limit: 0 } } })), [api, id]);
  const pending = header.data?.status === 'pending';
  useInterval(() => void header.reload(), POLL_MS, pending);
  const finished = header.data !== undefined && !pending;
  const items = useLoad(
    () => answer(api.GET('/api/v1/provider/return-jobs/{id}/items', { params: { path: { id }, query: { limit: 25, ...cursorQuery(page) } } })),
    [api, id, page],
  );
  const every = useLoad(
    async () =>
      finished
        ? liability(
            await allPages((cursor) =>
              answer(api.GET('/api/v1/provider/return-jobs/{id}/items', { params: { path: { id }, query: { limit: 100, ...(cursor ? { cursor } : {}) } } })),
            ),
          )
        : undefined,
    [api, id, finished],
  );
  useEffect(() => {
    if (finished) void items.reload();
  }, [finished]);

  const columns: Column<Item>[] = [
    { header: 'Reference', rowHeader: true, cell: (i) => i.reference_id },
    { header: 'Status', cell: (i) => <Badge value={i.status} /> },
    { header: 'State', cell: (i) => (i.status === 'succeeded' ? i.result.state : '') },
    { header: 'Month', cell: (i) => (i.status === 'succeeded' ? i.result.period : '') },
    { header: 'Location', cell: (i) => (i.status === 'succeeded' ? (i.result.location_code ?? 'all') : '') },
    { header: 'Documents', numeric: true, cell: (i) => (i.status === 'succeeded' ? i.result.document_count : '') },
    { header: 'Gross', numeric: true, cell: (i) => (i.status === 'succeeded' ? money(i.result.gross_amount) : '') },
    { header: 'Exempt', numeric: true, cell: (i) => (i.status === 'succeeded' ? money(i.result.exempt_amount) : '') },
    { header: 'Taxable', numeric: true, cell: (i) => (i.status === 'succeeded' ? money(i.result.taxable_amount) : '') },
    { header: 'Tax', numeric: true, cell: (i) => (i.status === 'succeeded' ? money(i.result.tax) : '') },
    { header: 'Error', cell: (i) => <ItemOutcome item={i} /> },
  ];
  const j = header.data;
  return (
    <section aria-labelledby="page-title">
      <PageTitle>Return job {id}</PageTitle>
      <p>
        <a href={href({ page: 'return-jobs' })}>All return jobs</a>
      </p>
      {header.failure && <ErrorBox failure={header.failure} what="Reading the return job" />}
      {j && <JobSummary job={j} polling={pending} pollSeconds={POLL_MS / 1000} />}
      {every.failure && <ErrorBox failure={every.failure} what="Reading the figures for the chart" />}
      {every.data && <LiabilityView l={every.data} />}
      {finished && !every.data && !every.failure && <Loading what="the liability figures" />}
      <h2 id="items-title">Figures per state and month</h2>
      <PagedTable
        list={items}
        what="the items"
        page={page}
        onPage={setPage}
        caption="Items: one state, month and location each"
        columns={columns}
        rowKey={(i) => i.reference_id}
        empty="No items."
      />
    </section>
  );
}
