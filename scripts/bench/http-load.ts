// The bench's closed-loop HTTP load: `clients` connections (node:http, kept alive), each sending its
// next request when the previous one is answered. node:http rather than fetch: the load generator
// shares the machine's two cores with the runner and DynamoDB Local, and undici's fetch costs it
// about twice the CPU per request.
import { Agent, request as httpRequest } from 'node:http';

export interface LoadRequest {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
}

export interface LoadResult {
  /** Requests answered per second. */
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** Answers with another status than the expected one. */
  readonly errors: number;
  readonly requests: number;
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (x: number): number => Math.round(x * 100) / 100;

function send(agent: Agent, base: URL, key: string, req: LoadRequest): Promise<number> {
  const body = req.body === undefined ? undefined : JSON.stringify(req.body);
  return new Promise((resolve, reject) => {
    const out = httpRequest(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        headers: {
          Authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      },
    );
    out.once('error', reject);
    out.end(body);
  });
}

/** Drives `request(i)` from `clients` connections for `seconds`; latencies in ms. */
export async function closedLoop(
  baseUrl: string,
  key: string,
  request: (i: number) => LoadRequest,
  okStatus: number,
  seconds: number,
  clients: number,
): Promise<LoadResult> {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          const t = performance.now();
          const status = await send(agent, base, key, request(next++));
          latencies.push(performance.now() - t);
          if (status !== okStatus) errors++;
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / elapsed),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    errors,
    requests: latencies.length,
  };
}
