// The usage card of the overview: GET /usage for the current month, one row per UTC day with its
// billable units per kind (docs/usage-and-monitoring.md). An organization key sees its account's,
// any other key its own units.
import { answer, type Ok } from '../api';
import { ErrorBox, Loading, Table } from '../components';
import { useLoad, useSigned } from '../hooks';

type Usage = Ok<'usage-get'>;
type Day = Usage['data'][number];
type Kind = keyof Day['by_kind'];

const KIND_NAMES: Record<Kind, string> = {
  calculation: 'Calculations',
  estimate: 'Estimates',
  commit: 'Commits',
  refund: 'Refunds',
  credit: 'Credits',
  void: 'Voids',
  adjustment: 'Adjustments',
  batch_item: 'Batch items',
  return_job_item: 'Return-job items',
};

export function UsageCard() {
  const { api } = useSigned();
  const usage = useLoad(() => answer(api.GET('/api/v1/usage', { params: { query: { group_by: 'day' } } })), [api]);
  const u = usage.data;
  // Only the kinds the month has, in the API's order.
  const kinds = u ? (Object.keys(KIND_NAMES) as Kind[]).filter((k) => u.data.some((d) => d.by_kind[k])) : [];
  return (
    <section class="card wide" aria-labelledby="usage-title">
      <h2 id="usage-title">Usage this month</h2>
      {usage.failure && <ErrorBox failure={usage.failure} what="Usage" />}
      {!u && !usage.failure && <Loading what="the usage" />}
      {u && (
        <>
          <p class="muted">
            {u.total} billable units from {u.from} to {u.to} (UTC days), {u.key_id === null ? 'every key of the account' : 'this key'}.
          </p>
          <Table<Day>
            caption="Billable units per day"
            hideCaption
            rows={[...u.data].reverse()}
            rowKey={(d) => d.group}
            empty="Nothing billed this month yet."
            columns={[
              { header: 'Day', cell: (d) => d.group, rowHeader: true },
              ...kinds.map((k) => ({ header: KIND_NAMES[k], cell: (d: Day) => d.by_kind[k] ?? 0, numeric: true })),
              { header: 'Total', cell: (d) => d.total, numeric: true },
            ]}
          />
        </>
      )}
    </section>
  );
}
