// Webhook figures for `npm run bench`, through the local runner (stream poller → relay → SQS →
// delivery worker) to a real receiver on loopback:
//   - latency: 100 commits one after another, each from the commit request's start to the moment
//     the receiver has the signed delivery (p50/p99 ms)
//   - throughput: 400 commits from 8 clients at once; deliveries per second at the receiver, from
//     its first to its last delivery of the burst (bounded by the commit rate of the burst, which
//     is reported with it: on a shared machine DynamoDB Local serves both)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const WEBHOOKS_KEY = 'stx_test_benchhooks0000000000000';
export const WEBHOOKS_SEED_ACCOUNT = {
  id: 'acct_bench_hooks',
  name: 'Bench, webhooks',
  modules: ['api_access'],
  rate_limits: { general: 10_000_000 },
  keys: [{ key: WEBHOOKS_KEY, environment: 'sandbox', scopes: ['*'] }],
};

export interface WebhookFigures {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly deliveriesPerSecond: number;
  /** Commits per second of the burst: the deliveries cannot outpace them. */
  readonly burstCommitsPerSecond: number;
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;
const DOC = { date: '2026-04-15', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }, { amount: 25.5, tax_code: '20010' }] };

export async function webhookFigures(baseUrl: string): Promise<WebhookFigures> {
  /** Arrival time of each delivered commit, by document code. */
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { code: string } }).data.code;
      if (!arrivals.has(code)) arrivals.set(code, at);
      waiters.get(code)?.();
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const headers = { Authorization: `Bearer ${WEBHOOKS_KEY}`, 'Content-Type': 'application/json' };
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    const hook = await fetch(`${baseUrl}/api/v1/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url, events: ['transaction.committed'] }) });
    if (hook.status !== 201) throw new Error(`webhook registration answered ${hook.status}: ${await hook.text()}`);
    const run = Date.now().toString(36);
    const commit = async (code: string) => {
      const res = await fetch(`${baseUrl}/api/v1/transactions`, { method: 'POST', headers, body: JSON.stringify({ code, ...DOC }) });
      if (res.status !== 201) throw new Error(`commit answered ${res.status}`);
      await res.arrayBuffer();
    };
    const delivered = (code: string, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        if (arrivals.has(code)) return resolve();
        const timer = setTimeout(() => reject(new Error(`no delivery of ${code} within ${timeoutMs} ms`)), timeoutMs);
        waiters.set(code, () => {
          clearTimeout(timer);
          resolve();
        });
      });

    // Warm-up: the relay's, the worker's and DynamoDB Local's first calls.
    for (let i = 0; i < 10; i++) {
      const code = `wh-${run}-warm-${i}`;
      await commit(code);
      await delivered(code);
    }
    const latencies: number[] = [];
    for (let i = 0; i < 100; i++) {
      const code = `wh-${run}-lat-${i}`;
      const t = performance.now();
      await commit(code);
      await delivered(code);
      latencies.push(arrivals.get(code)! - t);
    }
    latencies.sort((a, b) => a - b);

    const burst = Array.from({ length: 400 }, (_, i) => `wh-${run}-burst-${i}`);
    let next = 0;
    const burstStart = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < burst.length) await commit(burst[next++]!);
      }),
    );
    const burstCommitsPerSecond = round(burst.length / ((performance.now() - burstStart) / 1000));
    await Promise.all(burst.map((code) => delivered(code, 120_000)));
    const times = burst.map((code) => arrivals.get(code)!).sort((a, b) => a - b);
    const spanSeconds = (times[times.length - 1]! - times[0]!) / 1000;
    return {
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      deliveriesPerSecond: round(burst.length / spanSeconds),
      burstCommitsPerSecond,
    };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
