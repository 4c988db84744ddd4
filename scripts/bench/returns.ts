// Return-job figures for `npm run bench`: a client account with 20,000 committed documents spread
// over 10 states and 12 months (committed in-process through the transactions handler, 16 at a
// time), then a 5,000-item return job through the local runner, submit → completed; and the
// DynamoDB requests one summary item costs, for a month of 10 documents and for a month of
// thousands (equal: the summaries are running totals).
import { KINDS } from '../../functions/core/batches/batch';
import { inProcess } from '../../lib/local/invoke';
import { PROJECT_ROOT } from '../../lib/paths';

/** Items per return-job message. */
const CHUNK_ITEMS = KINDS.return_job.itemsPerChunk;

export const CLIENT_KEY = 'stx_test_benchclient00000000000';
export const PROVIDER_KEY = 'stx_test_benchprovider000000000';
export const CLIENT_REF = 'bench-client';

const PLACES = [
  ['NY', '10001'],
  ['TX', '78701'],
  ['WA', '98101'],
  ['FL', '33131'],
  ['PA', '19103'],
  ['GA', '30303'],
  ['CO', '80202'],
  ['AZ', '85004'],
  ['OH', '43215'],
  ['MA', '02108'],
] as const;
const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2026, 2 + i, 1));
  return d.toISOString().slice(0, 7);
});

/** The bench seed's client account and the practice acting for it. */
export const RETURNS_SEED = {
  accounts: [
    {
      id: 'acct_bench_client',
      name: 'Bench client',
      modules: ['api_access'],
      rate_limits: { general: 10_000_000 },
      keys: [{ key: CLIENT_KEY, environment: 'sandbox', scopes: ['*'] }],
    },
  ],
  practices: [
    {
      id: 'prac_bench',
      name: 'Bench practice',
      status: 'active',
      rate_limits: { general: 10_000_000 },
      engagements: [{ id: 8801, ref: CLIENT_REF, client_account_id: 'acct_bench_client', status: 'usable' }],
      keys: [{ key: PROVIDER_KEY, environment: 'sandbox', scopes: ['*'], engagement_ids: null }],
    },
  ],
};

/** The summary of item `index`: the states in turn, then the next month (months counted from March 2026). */
function summaryOf(firstMonth: number, index: number) {
  const d = new Date(Date.UTC(2026, 2 + firstMonth + Math.floor(index / PLACES.length), 1));
  return { state: PLACES[index % PLACES.length]![0], period: d.toISOString().slice(0, 7), location_code: null };
}

export interface ReturnFigures {
  readonly jobSeconds: number;
  readonly documents: number;
  readonly commitSeconds: number;
  readonly itemDynamoCalls: number;
  readonly itemDynamoCallsSmallMonth: number;
}

async function commitDocuments(dynamoEndpoint: string, count: number): Promise<number> {
  const { invoke } = inProcess(dynamoEndpoint);
  const run = Date.now().toString(36);
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = next++; i < count; i = next++) {
        const [state, zip] = PLACES[i % PLACES.length]!;
        const month = MONTHS[Math.floor(i / PLACES.length) % MONTHS.length]!;
        const body = {
          code: `rj-${run}-${i}`,
          date: `${month}-15`,
          ship_to: { state, zip },
          lines: [{ amount: 100 + (i % 50) }, { amount: 20, tax_code: '40030' }],
        };
        const res = await invoke('POST', '/api/v1/transactions', CLIENT_KEY, body);
        if (res.status !== 201) throw new Error(`commit ${i} answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
    }),
  );
  return (performance.now() - t) / 1000;
}

/**
 * DynamoDB requests per summary item: a full chunk of distinct summaries (10 states × the months
 * from `firstMonth`), read together, run in-process by the return-job worker's use case.
 */
async function itemCalls(dynamoEndpoint: string, firstMonth: number): Promise<number> {
  inProcess(dynamoEndpoint);
  const root = (await import(`${PROJECT_ROOT}/functions/composition-root.ts`)) as typeof import('../../functions/composition-root');
  const { returnItemRunner } = (await import(`${PROJECT_ROOT}/functions/application/returns.ts`)) as typeof import('../../functions/application/returns');
  const runner = returnItemRunner(root.returnPorts());
  const batch = { tenant: { accountId: 'acct_bench_client', environment: 'sandbox' } } as Parameters<typeof runner>[0];
  const items = Array.from({ length: CHUNK_ITEMS }, (_, index) => ({
    index,
    reference_id: `x${index}`,
    operation: 'summarize' as const,
    request: summaryOf(firstMonth, index),
  }));
  const before = root.dynamoCallCount();
  const outcomes = await runner(batch, items, { now: new Date(), requestId: 'bench', finalAttempt: true });
  if (outcomes.some((o) => !('write' in o) || o.write.status !== 'succeeded')) throw new Error(`summary item failed: ${JSON.stringify(outcomes)}`);
  return Math.round(((root.dynamoCallCount() - before) / CHUNK_ITEMS) * 100) / 100;
}

export async function returnJobFigures(baseUrl: string, dynamoEndpoint: string, documents = 20_000): Promise<ReturnFigures> {
  const commitSeconds = await commitDocuments(dynamoEndpoint, documents);
  const headers = { Authorization: `Bearer ${PROVIDER_KEY}`, 'Content-Type': 'application/json', 'X-Service-Client-Ref': CLIENT_REF };
  const items = Array.from({ length: 5000 }, (_, i) => {
    const [state] = PLACES[i % PLACES.length]!;
    return { reference_id: `r${i}`, state, period: MONTHS[Math.floor(i / PLACES.length) % MONTHS.length]! };
  });
  const t = performance.now();
  const res = await fetch(`${baseUrl}/api/v1/provider/return-jobs`, { method: 'POST', headers, body: JSON.stringify({ items }) });
  if (res.status !== 202) throw new Error(`return job answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  for (;;) {
    const poll = await fetch(`${baseUrl}/api/v1/provider/return-jobs/${id}?items_limit=0`, { headers });
    const job = (await poll.json()) as { status: string; failed_count: number };
    if (job.status !== 'pending') {
      if (job.status !== 'completed' || job.failed_count > 0) throw new Error(`return job ended ${job.status} with ${job.failed_count} failures`);
      break;
    }
    if (performance.now() - t > 300_000) throw new Error('return job still pending after 300 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const jobSeconds = (performance.now() - t) / 1000;
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    jobSeconds: round(jobSeconds),
    documents,
    commitSeconds: round(commitSeconds),
    // 25 summaries of the first months, each over documents/120 documents; 25 summaries without any cost the same.
    itemDynamoCalls: await itemCalls(dynamoEndpoint, 0),
    // Months of 2031: no documents at all.
    itemDynamoCallsSmallMonth: await itemCalls(dynamoEndpoint, 58),
  };
}
