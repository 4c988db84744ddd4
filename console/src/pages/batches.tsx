// Batches: the list (GET /batches, by status, paged by cursor) and one batch — its progress
// refreshed every 2 s while it is pending (GET /batches/{id}?items_limit=0, the cheap poll), its
// items with their results or error codes and fields (GET /batches/{id}/items, all or only the
// failed ones), and its results as a CSV file built from every page of items.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiFailure, allPages, answer, type Ok } from '../api';
import { Badge, type Column, cursorQuery, ErrorBox, PagedTable, PageTitle } from '../components';
import { batchResultsCsv } from '../csv';
import { money } from '../format';
import { useInterval, useLoad, useSigned } from '../hooks';
import { FIRST_PAGE, type PageState } from '../paging';
import { href } from '../route';
import { download, ItemOutcome, JobList, JobSummary, type StatusChoice } from './jobs';

type Item = Ok<'batches-items'>['data'][number];

const POLL_MS = 2_000;

export function BatchList() {
  const { api } = useSigned();
  const load = useCallback(
    (status: StatusChoice, page: PageState) =>
      answer(api.GET('/api/v1/batches', { params: { query: { limit: 25, ...(status ? { status } : {}), ...cursorQuery(page) } } })),
    [api],
  );
  return <JobList title="Batches" page="batches" load={load} />;
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
  const [failuresOnly, setFailuresOnly] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportFailure, setExportFailure] = useState<ApiFailure | null>(null);
  const header = useLoad(() => answer(api.GET('/api/v1/batches/{id}', { params: { path: { id }, query: { items_limit: 0 } } })), [api, id]);
  const items = useLoad(
    () =>
      answer(
        api.GET('/api/v1/batches/{id}/items', {
          params: { path: { id }, query: { limit: 25, ...(failuresOnly ? { status: 'failed' as const } : {}), ...cursorQuery(page) } },
        }),
      ),
    [api, id, page, failuresOnly],
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
          <JobSummary job={b} polling={pending} pollSeconds={POLL_MS / 1000} />
          <p>
            <button type="button" onClick={() => void exportCsv()} disabled={exporting}>
              {exporting ? 'Preparing CSV…' : 'Download results (CSV)'}
            </button>
          </p>
          {exportFailure && <ErrorBox failure={exportFailure} what="Exporting the results" />}
        </>
      )}
      <p>
        <label>
          <input
            type="checkbox"
            checked={failuresOnly}
            onChange={(e) => {
              setFailuresOnly(e.currentTarget.checked);
              setPage(FIRST_PAGE);
            }}
          />{' '}
          Failed items only
        </label>
      </p>
      <PagedTable
        list={items}
        what="the items"
        page={page}
        onPage={setPage}
        caption="Items and their outcomes"
        columns={columns}
        rowKey={(i) => i.reference_id}
        empty={failuresOnly ? 'No failed items.' : 'No items.'}
      />
    </section>
  );
}
