// The `http` part of the bench: GET /config, POST /calculations and POST /transactions through the
// local runner, requests/second and p99 ms. Closed-loop load: CONCURRENCY clients, each sending the
// next request on reply, for WARMUP_SECONDS (discarded: JIT of the runner and of DynamoDB Local's
// JVM), then HTTP_SECONDS measured.
import { TEN_LINES } from './document';
import { closedLoop, type LoadRequest } from './http-load';
import type { Runner } from './processes';
import { COMMIT_WARMUP_SECONDS, CONCURRENCY, type Figures, HTTP_SECONDS, KEY, type Log, WARMUP_SECONDS } from './settings';

let sent = 0;
async function load(
  server: Runner,
  request: (i: number) => LoadRequest,
  okStatus: number,
  warmupSeconds = WARMUP_SECONDS,
): Promise<{ rps: number; p99: number; errors: number }> {
  // One numbering across warm-up and measurement: each commit's code is new.
  const numbered = () => request(sent++);
  await closedLoop(server.url, KEY, numbered, okStatus, warmupSeconds, CONCURRENCY);
  return closedLoop(server.url, KEY, numbered, okStatus, HTTP_SECONDS, CONCURRENCY);
}

export async function httpFigures(server: Runner, log: Log): Promise<Figures> {
  const config = await load(server, () => ({ method: 'GET', path: '/api/v1/config' }), 200);
  log(
    `GET /config: ${config.rps} req/s, p99 ${config.p99} ms (${CONCURRENCY} clients, ${WARMUP_SECONDS} s warm-up, ${HTTP_SECONDS} s measured, ${config.errors} errors)`,
  );
  const calcs = await load(server, () => ({ method: 'POST', path: '/api/v1/calculations', body: TEN_LINES }), 200);
  log(`POST /calculations (10 lines): ${calcs.rps} req/s, p99 ${calcs.p99} ms (${calcs.errors} errors)`);
  const tag = Date.now().toString(36);
  const commits = await load(
    server,
    (i) => ({ method: 'POST', path: '/api/v1/transactions', body: { code: `bench-${tag}-${i}`, ...TEN_LINES } }),
    201,
    Math.max(WARMUP_SECONDS, COMMIT_WARMUP_SECONDS),
  );
  log(
    `POST /transactions (10 lines): ${commits.rps} req/s, p99 ${commits.p99} ms (${Math.max(WARMUP_SECONDS, COMMIT_WARMUP_SECONDS)} s warm-up, ${commits.errors} errors)`,
  );
  return {
    http_config_rps: config.rps,
    http_config_p99_ms: config.p99,
    http_calculations_rps: calcs.rps,
    http_calculations_p99_ms: calcs.p99,
    http_commits_rps: commits.rps,
    http_commits_p99_ms: commits.p99,
  };
}
