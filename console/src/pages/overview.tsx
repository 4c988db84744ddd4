// The overview: GET /operations/status, refreshed every 15 s while the tab is visible. An
// oldest-pending age larger than at the previous refresh is highlighted and announced (signals.ts).
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { answer, type Ok } from '../api';
import { ErrorBox, Figures, Loading, PageTitle } from '../components';
import { duration, instant } from '../format';
import { useInterval, useLoad, useSigned } from '../hooks';
import { href } from '../route';
import { type AgeReading, NO_READING, readAge } from '../signals';
import { UsageCard } from './usage';

const REFRESH_MS = 15_000;

type Status = Ok<'operations-status'>;
type Queue = 'batches' | 'return_jobs' | 'webhooks';
const QUEUE_NAMES: Record<Queue, string> = { batches: 'batch', return_jobs: 'return job', webhooks: 'webhook delivery' };

function Age({ reading, queue }: { reading: AgeReading; queue: Queue }) {
  if (reading.age === null) return <span>none pending</span>;
  if (reading.trend !== 'growing') return <span>{duration(reading.age)}</span>;
  return (
    <span class="age-growing" data-trend="growing" title={`The oldest pending ${QUEUE_NAMES[queue]} is still waiting`}>
      {duration(reading.age)} <strong>growing</strong> since {instant(new Date(reading.growingSince ?? Date.now()).toISOString()).slice(11)}
    </span>
  );
}

/** A count that should be zero, marked when it is not. */
const Count = ({ n }: { n: number }) => <span class={n > 0 ? 'warn' : undefined}>{n}</span>;

/** The signals of batches or return jobs (one queue of work each). */
function QueueCard({
  id,
  title,
  signals,
  reading,
  queue,
  children,
}: {
  id: string;
  title: string;
  signals: Status['batches'];
  reading: AgeReading;
  queue: Queue;
  children: ComponentChildren;
}) {
  return (
    <section class={`card${reading.trend === 'growing' ? ' attention' : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <Figures
        items={[
          ['Pending', signals.pending],
          ['Oldest pending', <Age key="age" reading={reading} queue={queue} />],
          ['Completed (24 h)', signals.completed_last_24h],
          ['Failed (24 h)', <Count key="failed" n={signals.failed_last_24h} />],
        ]}
      />
      {children}
    </section>
  );
}

export function Overview() {
  const { api, session } = useSigned();
  const status = useLoad(() => answer(api.GET('/api/v1/operations/status')), [api]);
  useInterval(() => void status.reload(), REFRESH_MS, true);
  const readings = useRef<Record<Queue, AgeReading>>({ batches: NO_READING, return_jobs: NO_READING, webhooks: NO_READING });
  const [ages, setAges] = useState(readings.current);
  const [updated, setUpdated] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const s: Status | undefined = status.data;
    if (!s) return;
    const now = Date.now();
    const before = readings.current;
    const next: Record<Queue, AgeReading> = {
      batches: readAge(before.batches, s.batches.oldest_pending_age_seconds, now),
      return_jobs: readAge(before.return_jobs, s.return_jobs.oldest_pending_age_seconds, now),
      webhooks: readAge(before.webhooks, s.webhooks?.oldest_pending_age_seconds ?? null, now),
    };
    const started = (Object.keys(next) as Queue[]).filter((q) => next[q].trend === 'growing' && before[q].trend !== 'growing');
    if (started.length > 0) setAnnouncement(`Oldest pending ${started.map((q) => QUEUE_NAMES[q]).join(' and ')} is getting older.`);
    readings.current = next;
    setAges(next);
    setUpdated(new Date(now).toISOString());
  }, [status.data]);

  const s = status.data;
  return (
    <section aria-labelledby="page-title">
      <PageTitle>Overview</PageTitle>
      <p class="toolbar">
        <span class="muted" role="status">
          {updated ? `Updated ${instant(updated)}; refreshes every ${REFRESH_MS / 1000} s.` : 'Loading…'}
        </span>{' '}
        <button type="button" class="secondary" onClick={() => void status.reload()} disabled={status.loading}>
          Refresh
        </button>
      </p>
      <p class="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {status.failure && <ErrorBox failure={status.failure} what="Operations status" />}
      {!s && !status.failure && <Loading what="the operations status" />}
      {s && (
        <div class="cards">
          <section class="card" aria-labelledby="requests-title">
            <h2 id="requests-title">Requests this minute</h2>
            <p>
              <label for="budget">
                {s.requests.used} of {s.requests.limit} used by this key
              </label>
              <meter
                id="budget"
                min={0}
                max={s.requests.limit}
                value={s.requests.used}
                low={s.requests.limit * 0.7}
                high={s.requests.limit * 0.9}
                optimum={0}
              />
            </p>
            <Figures
              items={[
                ['Remaining', s.requests.remaining],
                ['Window resets in', duration(s.requests.resets_in_seconds)],
                ['Environment', s.environment],
              ]}
            />
          </section>
          <QueueCard id="batches-title" title="Batches" signals={s.batches} reading={ages.batches} queue="batches">
            <a href={href({ page: 'batches' })}>Open batches</a>
          </QueueCard>
          <QueueCard id="jobs-title" title="Return jobs" signals={s.return_jobs} reading={ages.return_jobs} queue="return_jobs">
            {session.kind === 'provider' ? (
              <a href={href({ page: 'return-jobs' })}>Open return jobs</a>
            ) : (
              <p class="muted">Run by provider keys on this account's data.</p>
            )}
          </QueueCard>
          {/* A provider key sees no webhook signals: webhooks are the account's own. */}
          {s.webhooks && (
            <section class={`card${ages.webhooks.trend === 'growing' ? ' attention' : ''}`} aria-labelledby="hooks-title">
              <h2 id="hooks-title">Webhook deliveries</h2>
              <Figures
                items={[
                  ['Endpoints', s.webhooks.endpoints],
                  ['Pending', s.webhooks.pending_deliveries],
                  ['Failing (retry scheduled)', <Count key="failing" n={s.webhooks.failed_deliveries} />],
                  ['Dead-lettered', <Count key="dead" n={s.webhooks.dead_lettered} />],
                  ['Oldest pending', <Age key="age" reading={ages.webhooks} queue="webhooks" />],
                ]}
              />
              {session.kind === 'account' && <a href={href({ page: 'webhooks' })}>Open webhooks</a>}
            </section>
          )}
          <UsageCard />
        </div>
      )}
    </section>
  );
}
