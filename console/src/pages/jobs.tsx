// What batches and return jobs share on screen (they share one lifecycle in the API): their
// lists, progress and dates, a failed item's error, and saving a file the page built.
import type { Schema } from '@salestax/client';
import { useState } from 'preact/hooks';
import { Badge, type Column, Figures, PagedTable, PageTitle, Time } from '../components';
import { useLoad } from '../hooks';
import { FIRST_PAGE, type PageState } from '../paging';
import { href } from '../route';

/** A batch or a return job, as their lists and headers answer them. */
type Job = Schema<'Batch'> | Schema<'ReturnJob'>;
type JobCounts = Pick<Job, 'status' | 'item_count' | 'succeeded_count' | 'failed_count'>;

/** A list of jobs by status, paged by cursor, each linked to its page. */
export function JobList<J extends Job>({
  title,
  page: target,
  load,
}: {
  title: string;
  page: 'batches' | 'return-jobs';
  load: (status: StatusChoice, page: PageState) => Promise<{ data: J[]; next_cursor: string | null }>;
}) {
  const [status, setStatus] = useState<StatusChoice>('');
  const [page, setPage] = useState(FIRST_PAGE);
  const list = useLoad(() => load(status, page), [load, status, page]);
  const columns: Column<J>[] = [
    { header: 'Id', rowHeader: true, cell: (j) => <a href={href({ page: target, id: j.id })}>{j.id}</a> },
    { header: 'Status', cell: (j) => <Badge value={j.status} /> },
    { header: 'Items', numeric: true, cell: (j) => j.item_count },
    { header: 'Succeeded', numeric: true, cell: (j) => j.succeeded_count },
    { header: 'Failed', numeric: true, cell: (j) => j.failed_count },
    { header: 'Submitted', cell: (j) => <Time at={j.created_at} /> },
    { header: 'Finished', cell: (j) => <Time at={j.completed_at} /> },
  ];
  return (
    <section aria-labelledby="page-title">
      <PageTitle>{title}</PageTitle>
      <StatusFilter
        value={status}
        onChange={(s) => {
          setStatus(s);
          setPage(FIRST_PAGE);
        }}
        reload={() => void list.reload()}
        loading={list.loading}
      />
      <PagedTable
        list={list}
        what={title.toLowerCase()}
        page={page}
        onPage={setPage}
        caption={`${title}, newest first`}
        columns={columns}
        rowKey={(j) => j.id}
        empty={`No ${title.toLowerCase()}.`}
      />
    </section>
  );
}

/** A job's progress (refreshed by its page while it runs) and its dates. */
export function JobSummary({ job, polling, pollSeconds }: { job: Job; polling: boolean; pollSeconds: number }) {
  return (
    <>
      <JobProgress job={job} polling={polling} pollSeconds={pollSeconds} />
      <Figures
        items={[
          ['Submitted', <Time key="c" at={job.created_at} />],
          ['Finished', <Time key="f" at={job.completed_at} />],
          ['Kept until', <Time key="e" at={job.expires_at} />],
        ]}
      />
    </>
  );
}

export function JobProgress({ job, polling, pollSeconds }: { job: JobCounts; polling: boolean; pollSeconds: number }) {
  const done = job.succeeded_count + job.failed_count;
  return (
    <div class="progress">
      <p>
        <Badge value={job.status} />{' '}
        <label for="job-progress">
          {done} of {job.item_count} items finished: {job.succeeded_count} succeeded, {job.failed_count} failed
        </label>
      </p>
      <progress id="job-progress" max={job.item_count || 1} value={done}>
        {job.item_count ? Math.floor((done / job.item_count) * 100) : 0} %
      </progress>
      <p class="muted" role="status">
        {polling ? `Running; refreshed every ${pollSeconds} s while this page is open.` : ''}
      </p>
    </div>
  );
}

type ItemWithError = Extract<Schema<'BatchItem'> | Schema<'ReturnJobItem'>, { status: 'failed' }>;

/** A failed item's error envelope (code, message, fields, request id); pending items say so. */
export function ItemOutcome({ item }: { item: { status: string } }) {
  if (item.status === 'succeeded') return null;
  if (item.status !== 'failed') return <span class="muted">not finished yet</span>;
  const { error } = item as ItemWithError;
  return (
    <div class="item-error">
      <code class="error-code">{error.code}</code> {error.message}
      {error.details && error.details.length > 0 && (
        <ul class="details">
          {error.details.map((d) => (
            <li key={`${d.target}:${d.code}`}>
              <code>{d.target}</code>: <code>{d.code}</code>
            </li>
          ))}
        </ul>
      )}
      <div class="muted">
        request id <code>{error.request_id}</code>
      </div>
    </div>
  );
}

export type StatusChoice = JobCounts['status'] | '';

export function StatusFilter({
  value,
  onChange,
  reload,
  loading,
}: {
  value: StatusChoice;
  onChange: (s: StatusChoice) => void;
  reload: () => void;
  loading: boolean;
}) {
  return (
    <div class="toolbar">
      <label for="status-filter">Status</label>
      <select id="status-filter" value={value} onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value as StatusChoice)}>
        <option value="">any</option>
        <option value="pending">pending</option>
        <option value="completed">completed</option>
        <option value="failed">failed</option>
      </select>
      <button type="button" class="secondary" onClick={reload} disabled={loading}>
        Refresh
      </button>
    </div>
  );
}

/** Saves text the page built as a file (a blob: URL, released right after). */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
