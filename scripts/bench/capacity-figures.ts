// The `capacity` part of the bench (scripts/bench/capacity.ts measures): per calculation and commit,
// the handler's duration, its wait on DynamoDB, its CPU, the items it writes with their sizes and
// the request units they cost on AWS; and the API Gateway authorizer's time a call.
import { authorizerMicros, capacityFigures, capacityOperations } from './capacity';
import type { Runner } from './processes';
import { type Figures, KEY, type Log } from './settings';

const slug = (name: string) =>
  name
    .replace(/[^a-z0-9]+/gi, '_')
    .replace(/_+$/, '')
    .toLowerCase();

export async function capacityPartFigures(server: Runner, log: Log): Promise<Figures> {
  const capacity = await capacityFigures(server.dynamo, KEY, capacityOperations(KEY));
  log('per request (in this process, warm, one at a time)   p50 ms  p99 ms  DynamoDB p50 ms  CPU p50 ms    WRU   RRU  requests: items written (bytes, +GSI1)');
  for (const c of capacity) {
    const requests = c.requests
      .map((r) => `${r.op}${r.items.length ? `(${r.items.map((it) => `${it.table} ${it.bytes}${it.indexed ? '+GSI1' : ''}`).join(', ')})` : ''}`)
      .join('; ');
    log(
      `${c.name.padEnd(52)}${String(c.durationP50Ms).padStart(7)}${String(c.durationP99Ms).padStart(8)}${String(c.dynamoWaitP50Ms).padStart(17)}${String(c.cpuP50Ms).padStart(12)}${String(c.wru).padStart(7)}${String(c.rru).padStart(6)}  ${requests}`,
    );
  }
  const authorizerUs = await authorizerMicros();
  log(`the API Gateway authorizer (no I/O), warm: ${authorizerUs} µs a call`);
  const figures: Figures = { capacity_authorizer_us: authorizerUs };
  for (const c of capacity)
    Object.assign(figures, {
      [`capacity_${slug(c.name)}_p50_ms`]: c.durationP50Ms,
      [`capacity_${slug(c.name)}_dynamo_p50_ms`]: c.dynamoWaitP50Ms,
      [`capacity_${slug(c.name)}_cpu_p50_ms`]: c.cpuP50Ms,
      [`capacity_${slug(c.name)}_wru`]: c.wru,
      [`capacity_${slug(c.name)}_rru`]: c.rru,
    });
  return figures;
}
