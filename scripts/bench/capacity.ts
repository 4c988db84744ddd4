// What one calculation and one commit ask of AWS, measured in this process against DynamoDB Local
// (the `capacity` part of `npm run bench`; docs/deploy-to-aws.md turns the figures into a capacity
// and cost model). For each document it runs the route's handler warm, many times, one at a time:
//   - the handler's duration (p50, p99), the time of it spent waiting on DynamoDB, and the CPU time
//     the request took in this process (the function's own compute);
//   - every DynamoDB request the handler sends (recorded on the composition root's client), with
//     the size of every item it writes (read back from DynamoDB Local after the request, sized by
//     DynamoDB's published rules) and whether the item carries the list index's keys (GSI1,
//     projection ALL: the index stores the whole item again);
//   - the write and read request units those sizes cost by AWS's rules: 1 per started KB written
//     (2 inside TransactWriteItems), 1 per started KB of an index entry, 1 per started 4 KB read
//     strongly (½ eventually). DynamoDB Local's own ConsumedCapacity is not used: it charges a
//     transactional write four times its size (measured: 8 units for a 1.5 KB Put).
// A key with default limits (one rate-counter write a request) and one whose limit lets the process
// lease rate tokens 50 at a time are measured apart.

import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { type AttributeValue, DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { inProcess } from '../../lib/local/invoke';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../lib/local/provision';
import { PROJECT_ROOT } from '../../lib/paths';
import { TEN_LINES } from './document';

type Item = Record<string, AttributeValue>;
// biome-ignore lint/suspicious/noExplicitAny: the JSON of any DynamoDB request or answer, read by its known fields
type Wire = Record<string, any>;

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

/** Bytes of one attribute value, as DynamoDB counts them (Developer Guide, "Item sizes and formats"). */
function valueBytes(v: AttributeValue): number {
  if (v.S !== undefined) return utf8(v.S);
  if (v.N !== undefined) return Math.ceil(v.N.replace(/^-|\.|e.*$/gi, '').replace(/^0+|0+$/g, '').length / 2) + 1;
  // On the wire (JSON) a binary is base64; through the SDK a Uint8Array.
  if (v.B !== undefined) return typeof (v.B as unknown) === 'string' ? Buffer.from(v.B as unknown as string, 'base64').length : v.B.length;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.SS) return v.SS.reduce((n, s) => n + utf8(s), 0);
  if (v.NS) return v.NS.reduce((n, s) => n + valueBytes({ N: s }), 0);
  if (v.BS) return v.BS.reduce((n, b) => n + valueBytes({ B: b }), 0);
  if (v.L) return 3 + v.L.reduce((n, e) => n + 1 + valueBytes(e), 0);
  if (v.M) return 3 + Object.entries(v.M).reduce((n, [k, e]) => n + 1 + utf8(k) + valueBytes(e), 0);
  return 0;
}

export const itemBytes = (item: Item): number => Object.entries(item).reduce((n, [k, v]) => n + utf8(k) + valueBytes(v), 0);

interface Written {
  readonly table: string;
  readonly bytes: number;
  readonly indexed: boolean;
  readonly transactional: boolean;
}
interface Request {
  readonly op: string;
  readonly writes: Written[];
  /** Read request units of its reads, by AWS's rules. */
  rru: number;
}

export interface OperationFigures {
  readonly name: string;
  readonly durationP50Ms: number;
  readonly durationP99Ms: number;
  /** Median time of a request spent waiting on DynamoDB Local. */
  readonly dynamoWaitP50Ms: number;
  /**
   * Median CPU time of this process for a request (user + system): the function's own work, which
   * time the machine gives to other processes does not inflate as it does the durations.
   */
  readonly cpuP50Ms: number;
  readonly requests: readonly { op: string; items: readonly { table: string; bytes: number; indexed: boolean }[] }[];
  /** Mean write and read request units a request, over the measured runs (a leased key writes its counter once in 50). */
  readonly wru: number;
  readonly rru: number;
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const units = (bytes: number, per: number) => Math.max(1, Math.ceil(bytes / per));
/** Write request units of a request's writes: 1 per started KB (2 in a transaction), plus the list index's copy. */
const writeUnits = (requests: readonly Request[]) =>
  requests.reduce((n, r) => n + r.writes.reduce((m, w) => m + units(w.bytes, 1024) * (w.transactional ? 2 : 1) + (w.indexed ? units(w.bytes, 1024) : 0), 0), 0);

/**
 * Runs each operation `runs` times after `warmup` runs and returns its figures. `operations` give a
 * method, path and a body made from the run's number (commit codes must be new each time).
 */
export async function capacityFigures(
  dynamoEndpoint: string,
  key: string,
  operations: readonly {
    name: string;
    method: string;
    path: string;
    body: (i: number) => unknown;
    headers?: (i: number) => Record<string, string>;
    status: number;
    /** The key to call with, if not `key`. */
    key?: string;
  }[],
  { runs = 300, warmup = 100 } = {},
): Promise<OperationFigures[]> {
  const { invoke } = inProcess(dynamoEndpoint);
  const { dynamoClient } = (await import(pathToFileURL(`${PROJECT_ROOT}/functions/composition-root.ts`).href)) as {
    dynamoClient: () => DynamoDBClient;
  };
  const reader = new DynamoDBClient({ endpoint: dynamoEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const hasIndexKeys = (item: Item) => 'GSI1PK' in item && 'GSI1SK' in item;

  // During a request only the raw request and answer are kept (cheap, so the CPU measured is the
  // handler's); they are read, and updated items read back, after it and before the next request.
  let recording: { raw: { op: string; body: unknown; output: Wire }[]; waitMs: number } | null = null;
  const client = dynamoClient();
  // Outermost: the time a request waits on DynamoDB Local, retries included.
  client.middlewareStack.add(
    (next) => async (args) => {
      const t = performance.now();
      try {
        return await next(args);
      } finally {
        if (recording) recording.waitMs += performance.now() - t;
      }
    },
    { step: 'initialize', name: 'capacityTiming', priority: 'high' },
  );
  // After serialization: the request as DynamoDB receives it, and its answer.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      recording?.raw.push({
        op: String(context.commandName).replace(/Command$/, ''),
        body: (args.request as { body?: unknown }).body,
        output: (result as { output?: Wire }).output ?? {},
      });
      return result;
    },
    { step: 'build', name: 'capacityRecording', priority: 'low' },
  );
  const readUnits = (items: Item[], consistent: boolean) => items.reduce((n, it) => n + units(itemBytes(it), 4096) * (consistent ? 1 : 0.5), 0);
  /** The requests of one run, with the sizes of the items they wrote. */
  const decode = async (raw: NonNullable<typeof recording>['raw']): Promise<Request[]> => {
    const requests: Request[] = [];
    for (const { op, body: wire, output } of raw) {
      const body = JSON.parse(wire instanceof Uint8Array ? new TextDecoder().decode(wire) : typeof wire === 'string' ? wire : '{}') as Wire;
      const request: Request = { op, writes: [], rru: 0 };
      requests.push(request);
      const written = async (table: string, item: Item | undefined, keyOf: Item | undefined, transactional: boolean) => {
        // An update's item is what is stored after it: read it back.
        const stored = item ?? (await reader.send(new GetItemCommand({ TableName: table, Key: keyOf!, ConsistentRead: true }))).Item;
        if (stored) request.writes.push({ table, bytes: itemBytes(stored), indexed: hasIndexKeys(stored), transactional });
      };
      if (op === 'PutItem') await written(body.TableName, body.Item, undefined, false);
      else if (op === 'UpdateItem') await written(body.TableName, undefined, body.Key, false);
      else if (op === 'TransactWriteItems')
        for (const t of body.TransactItems as Wire[]) {
          if (t.Put) await written(t.Put.TableName, t.Put.Item, undefined, true);
          if (t.Update) await written(t.Update.TableName, undefined, t.Update.Key, true);
          if (t.Delete) request.writes.push({ table: t.Delete.TableName, bytes: 0, indexed: false, transactional: true });
          if (t.ConditionCheck) request.rru += 2;
        }
      else if (op === 'GetItem') request.rru += output.Item ? readUnits([output.Item], body.ConsistentRead === true) : body.ConsistentRead ? 1 : 0.5;
      else if (op === 'Query') request.rru += Math.max(body.ConsistentRead ? 1 : 0.5, readUnits(output.Items ?? [], body.ConsistentRead === true));
      else if (op === 'BatchGetItem')
        for (const [table, got] of Object.entries((output.Responses ?? {}) as Record<string, Item[]>))
          request.rru += readUnits(got, body.RequestItems[table]?.ConsistentRead === true);
    }
    return requests;
  };

  const figures: OperationFigures[] = [];
  let serial = 0;
  for (const operation of operations) {
    const once = async () => {
      const i = serial++;
      const answer = await invoke(operation.method, operation.path, operation.key ?? key, operation.body(i), operation.headers?.(i));
      if (answer.status !== operation.status) throw new Error(`${operation.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    for (let i = 0; i < warmup; i++) await once();
    const durations: number[] = [];
    const waits: number[] = [];
    const cpus: number[] = [];
    let sample: Request[] = [];
    let wruSum = 0;
    let rruSum = 0;
    for (let i = 0; i < runs; i++) {
      recording = { raw: [], waitMs: 0 };
      const t = performance.now();
      const cpu = process.cpuUsage();
      await once();
      durations.push(performance.now() - t);
      const used = process.cpuUsage(cpu);
      cpus.push((used.user + used.system) / 1000);
      const done = recording;
      recording = null;
      waits.push(done.waitMs);
      const requests = await decode(done.raw);
      wruSum += writeUnits(requests);
      rruSum += requests.reduce((n, r) => n + r.rru, 0);
      // The requests of one run in the middle, to list.
      if (i === Math.floor(runs / 2)) sample = requests;
    }
    figures.push({
      name: operation.name,
      durationP50Ms: round(quantile(durations, 0.5)),
      durationP99Ms: round(quantile(durations, 0.99)),
      dynamoWaitP50Ms: round(quantile(waits, 0.5)),
      cpuP50Ms: round(quantile(cpus, 0.5)),
      requests: sample.map((r) => ({
        op: r.op,
        items: r.writes.map(({ table, bytes, indexed }) => ({ table: table.replace(/^salestax-local-/, ''), bytes, indexed })),
      })),
      wru: round(wruSum / runs),
      rru: round(rruSum / runs),
    });
  }
  return figures;
}

/** One line to one state: a typical web order. */
const ONE_LINE = { date: '2026-04-15', ship_to: { state: 'CO', zip: '80202' }, lines: [{ amount: 129.99, description: 'Rain jacket', tax_code: '20010' }] };

/**
 * The keys the capacity part measures with: each operation its own key of an account limited to 999
 * requests a minute (below 1,000 a request takes one token: one rate-counter write each, as at the
 * default limits; its own key so no bucket runs out), and a key whose high limit leases tokens.
 */
export const CAPACITY_KEYS = Array.from({ length: 6 }, (_, i) => `stx_test_benchcapacity${i}`.padEnd(32, '0'));
export const CAPACITY_SEED_ACCOUNT = {
  id: 'acct_bench_capacity',
  name: 'Bench, capacity',
  modules: ['api_access'],
  rate_limits: { general: 999 },
  keys: CAPACITY_KEYS.map((key) => ({ key, environment: 'sandbox', scopes: ['*'] })),
};

/** The operations of the capacity model; `leasedKey` is a key whose limit is 1,000 a minute or more. */
export function capacityOperations(leasedKey: string) {
  const tag = Date.now().toString(36);
  const code = (i: number) => `cap-${tag}-${i}`;
  const [k0, k1, k2, k3, k4, k5] = CAPACITY_KEYS;
  return [
    { name: 'calculation, 1 line', method: 'POST', path: '/api/v1/calculations', body: () => ONE_LINE, status: 200, key: k0 },
    { name: 'calculation, 10 lines in 4 states', method: 'POST', path: '/api/v1/calculations', body: () => TEN_LINES, status: 200, key: k1 },
    {
      name: 'calculation, 1 line, with Idempotency-Key',
      method: 'POST',
      path: '/api/v1/calculations',
      body: () => ONE_LINE,
      headers: (i: number) => ({ 'Idempotency-Key': `${code(i)}-calc` }),
      status: 200,
      key: k2,
    },
    {
      name: 'commit, 1 line',
      method: 'POST',
      path: '/api/v1/transactions',
      body: (i: number) => ({ code: `${code(i)}-a`, ...ONE_LINE }),
      status: 201,
      key: k3,
    },
    {
      name: 'commit, 10 lines in 4 states',
      method: 'POST',
      path: '/api/v1/transactions',
      body: (i: number) => ({ code: `${code(i)}-b`, ...TEN_LINES }),
      status: 201,
      key: k4,
    },
    {
      name: 'commit, 1 line, with Idempotency-Key',
      method: 'POST',
      path: '/api/v1/transactions',
      body: (i: number) => ({ code: `${code(i)}-c`, ...ONE_LINE }),
      headers: (i: number) => ({ 'Idempotency-Key': `${code(i)}-c` }),
      status: 201,
      key: k5,
    },
    {
      name: 'commit, 1 line, leased rate tokens',
      method: 'POST',
      path: '/api/v1/transactions',
      body: (i: number) => ({ code: `${code(i)}-d`, ...ONE_LINE }),
      status: 201,
      key: leasedKey,
    },
  ];
}

/** The REQUEST authorizer API Gateway runs before every route (no I/O): µs of compute a call, warm. */
export async function authorizerMicros(calls = 20_000): Promise<number> {
  const { handler } = (await import(pathToFileURL(`${PROJECT_ROOT}/functions/handlers/gateway/authorizer.ts`).href)) as {
    handler: (event: unknown) => Promise<unknown>;
  };
  const event = {
    type: 'REQUEST',
    methodArn: 'arn:aws:execute-api:us-east-1:123456789012:api/live/POST/api/v1/transactions',
    resource: '/api/v1/transactions',
    headers: { Authorization: `Bearer ${CAPACITY_KEYS[0]}` },
  };
  for (let i = 0; i < 2_000; i++) await handler(event);
  const t = performance.now();
  for (let i = 0; i < calls; i++) await handler(event);
  return round(((performance.now() - t) * 1000) / calls, 1);
}
