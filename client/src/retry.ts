// A fetch that retries what is safe to retry (docs/getting-started.md, "Idempotency" and "Limits"):
// - 429 always: a request over the rate limit was refused before anything ran. The wait is the
//   server's Retry-After (whole seconds), capped by maxDelayMs.
// - 409 idempotency_conflict with Retry-After: the first call with that Idempotency-Key is still
//   running; the retry replays its stored answer once it is done.
// - 5xx and network failures only when repeating cannot write twice: reads, calculations and
//   estimates (they store nothing), and writes carrying an Idempotency-Key (the same key on every
//   attempt, so the service replays instead of writing again).

export interface RetryOptions {
  /** Attempts after the first (default 3). */
  readonly retries?: number;
  /** Upper bound of one wait, in milliseconds (default 60,000). */
  readonly maxDelayMs?: number;
  /** Wait before retrying a 5xx or a network failure, doubled per attempt (default 200 ms). */
  readonly baseDelayMs?: number;
  /** How to wait (tests replace it). */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** POST endpoints that store nothing, so repeating one is harmless. */
const STATELESS_POSTS = [/\/api\/v1\/calculations$/, /\/api\/v1\/estimates$/];

/** Whether repeating this request after an unknown outcome (5xx, network error) cannot write twice. */
export function isRepeatable(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  const path = new URL(request.url).pathname;
  if (request.method === 'POST' && STATELESS_POSTS.some((p) => p.test(path))) return true;
  return request.method === 'POST' && Boolean(request.headers.get('idempotency-key'));
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

async function isIdempotencyInProgress(response: Response): Promise<boolean> {
  if (response.status !== 409 || !response.headers.has('retry-after')) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code === 'idempotency_conflict';
}

/** Wraps a fetch so that it retries what is safe to retry (see above). */
export function retryingFetch(base: typeof fetch, options: RetryOptions = {}): typeof fetch {
  const retries = options.retries ?? 3;
  const maxDelay = options.maxDelayMs ?? 60_000;
  const baseDelay = options.baseDelayMs ?? 200;
  const sleep = options.sleep ?? defaultSleep;
  return async (input, init) => {
    const request = new Request(input, init);
    const repeatable = isRepeatable(request);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      let response: Response;
      try {
        response = await base(request.clone());
      } catch (error) {
        if (last || !repeatable) throw error;
        await sleep(Math.min(maxDelay, baseDelay * 2 ** attempt));
        continue;
      }
      if (last) return response;
      if (response.status === 429 || (repeatable && (await isIdempotencyInProgress(response)))) {
        await sleep(Math.min(maxDelay, retryAfterMs(response) ?? baseDelay * 2 ** attempt));
        continue;
      }
      if (response.status >= 500 && repeatable) {
        await sleep(Math.min(maxDelay, retryAfterMs(response) ?? baseDelay * 2 ** attempt));
        continue;
      }
      return response;
    }
  };
}
