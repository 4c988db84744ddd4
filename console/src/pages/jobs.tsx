// What batches and return jobs share on screen (they share one lifecycle in the API): progress,
// a failed item's error, the status filter of their lists, and saving a file the page built.
import type { Schema } from '@salestax/client';
import { Badge } from '../components';

interface JobCounts {
  readonly status: 'pending' | 'completed' | 'failed';
  readonly item_count: number;
  readonly succeeded_count: number;
  readonly failed_count: number;
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
