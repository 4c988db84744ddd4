// Batches: the list (GET /batches, by status, paged by cursor) and one batch — its progress
// refreshed every 2 s while it is pending (GET /batches/{id}?items_limit=0, the cheap poll), its
// items with their results or error codes and fields (GET /batches/{id}/items), and its results
// as a CSV file built from every page of items.
import { useEffect, useState } from 'preact/hooks';
import { allPages, answer, ApiFailure, type Ok } from '../api';
import { Badge, type Column, cursorQuery, ErrorBox, Figures, Loading, Pager, PageTitle, Table, Time } from '../components';
import { batchResultsCsv } from '../csv';
import { money } from '../format';
import { useInterval, useLoad, useSigned } from '../hooks';
import { FIRST_PAGE } from '../paging';
import { href } from '../route';
import { JobProgress, ItemOutcome, StatusFilter, download } from './jobs';

type Batch = Ok<'batches-list'>['data'][number];
type Item = Ok<'batches-items'>['data'][number];
type JobStatus = Batch['status'];

const POLL_MS = 2_000;

export function BatchList() {
  const { api } = useSigned();
  const [status, setStatus] = useState<JobStatus | ''>('');
  const [page, setPage] = useState(FIRST_PAGE);
  const list = useLoad(
    () => answer(api.GET('/api/v1/batches', { params: { query: { limit: 25, ...(status ? { status } : {}), ...cursorQuery(page) } } })),
    [api, status, page],
  );
  const columns: Column<Batch>[] = [
    { header: 'Batch', rowHeader: true, cell: (b) => <a href={href({ page: 'batches', id: b.id })}>{b.id}</a> },
    { header: 'Status', cell: (b) => <Badge value={b.status} /> },
    { header: 'Items', numeric: true, cell: (b) => b.item_count },
    { header: 'Succeeded', numeric: true, cell: (b) => b.succeeded_count },
    { header: 'Failed', numeric: true, cell: (b) => b.failed_count },
    { header: 'Submitted', cell: (b) => <Time at={b.created_at} /> },
    { header: 'Finished', cell: (b) => <Time at={b.completed_at} /> },
  ];
  return (
    <section aria-labelledby="page-title">
      <PageTitle>Batches</PageTitle>
      <StatusFilter
        value={status}
        onChange={(s) => {
          setStatus(s);
          setPage(FIRST_PAGE);
        }}
        reload={() => void list.reload()}
        loading={list.loading}
      />
      {list.failure && <ErrorBox failure={list.failure} what="Listing batches" />}
      {list.data ? (
        <>
          <Table caption="Batches, newest first" columns={columns} rows={list.data.data} rowKey={(b) => b.id} empty="No batches." />
          <Pager label="Batches" state={page} next={list.data.next_cursor} onChange={setPage} />
        </>
      ) : (
        !list.failure && <Loading what="batches" />
      )}
    </section>
  );
}

function itemResult(item: Item) {
  if (item.status !== 'succeeded') return null;
  const r = item.result;
  return (
    <>
      {r.object === 'transaction' && (
        <>
          <a href={href({ page: 'transactions', code: r.code })}>{r.code}</a>{' '}
        </>
      )}
      tax {money(r.total_tax)} on {money(r.total_amount)}
    </>
  );
}

export function BatchDetail({ id }: { id: string }) {
  const { api } = useSigned();
  const [page, setPage] = useState(FIRST_PAGE);
  const [exporting, setExporting] = useState(false);
  const [exportFailure, setExportFailure] = useState<ApiFailure | null>(null);
  const header = useLoad(() => answer(api.GET('/api/v1/batches/{id}', { params: { path: { id }, query: { items_limit: 0 } } })), [api, id]);
  const items = useLoad(
    () => answer(api.GET('/api/v1/batches/{id}/items', { params: { path: { id }, query: { limit: 25, ...cursorQuery(page) } } })),
    [api, id, page],
  );
  const pending = header.data?.status === 'pending';
  useInterval(() => void header.reload(), POLL_MS, pending);
  // Once the batch finishes, its items have their outcomes: show them without a reload.
  const finished = header.data && header.data.status !== 'pending';
  useEffect(() => {
    if (finished) void items.reload();
  }, [finished]);

  const exportCsv = async () => {
    setExporting(true);
    setExportFailure(null);
    try {
      const all = await allPages((cursor) =>
        answer(api.GET('/api/v1/batches/{id}/items', { params: { path: { id }, query: { limit: 100, ...(cursor ? { cursor } : {}) } } })),
      );
      download(`batch-${id}-results.csv`, batchResultsCsv(all), 'text/csv');
    } catch (e) {
      if (e instanceof ApiFailure) setExportFailure(e);
      else throw e;
    } finally {
      setExporting(false);
    }
  };

  const columns: Column<Item>[] = [
    { header: 'Reference', rowHeader: true, cell: (i) => i.reference_id },
    { header: 'Operation', cell: (i) => i.operation },
    { header: 'Status', cell: (i) => <Badge value={i.status} /> },
    { header: 'Result or error', cell: (i) => itemResult(i) ?? <ItemOutcome item={i} /> },
  ];
  const b = header.data;
  return (
    <section aria-labelledby="page-title">
      <PageTitle>Batch {id}</PageTitle>
      <p>
        <a href={href({ page: 'batches' })}>All batches</a>
      </p>
      {header.failure && <ErrorBox failure={header.failure} what="Reading the batch" />}
      {b && (
        <>
          <JobProgress job={b} polling={pending} pollSeconds={POLL_MS / 1000} />
          <Figures
            items={[
              ['Submitted', <Time key="c" at={b.created_at} />],
              ['Finished', <Time key="f" at={b.completed_at} />],
              ['Kept until', <Time key="e" at={b.expires_at} />],
            ]}
          />
          <p>
            <button type="button" onClick={() => void exportCsv()} disabled={exporting}>
              {exporting ? 'Preparing CSV…' : 'Download results (CSV)'}
            </button>
          </p>
          {exportFailure && <ErrorBox failure={exportFailure} what="Exporting the results" />}
        </>
      )}
      {items.failure && <ErrorBox failure={items.failure} what="Reading the items" />}
      {items.data ? (
        <>
          <Table caption="Items and their outcomes" columns={columns} rows={items.data.data} rowKey={(i) => i.reference_id} empty="No items." />
          <Pager label="Items" state={page} next={items.data.next_cursor} onChange={setPage} />
        </>
      ) : (
        !items.failure && <Loading what="items" />
      )}
    </section>
  );
}
