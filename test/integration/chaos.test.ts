// Kill -9 chaos: a bounded mixed workload (commits, refunds, credits, voids, adjustments, batches,
// repeated and concurrent Idempotency-Keys) against a local runner on a data directory, killed
// with SIGKILL at seeded random moments and started again on the same data. The client is a
// careful one: every POST carries an Idempotency-Key, and whatever it did not see answered (the
// connection died, 503, 409 still in progress) it sends again, same key and body, until it settles.
//
// After each restart, whatever was in flight when the runner died:
//   - every acknowledged write exists, exactly once, with what was asked;
//   - nothing is half-applied: a refund, credit or adjustment exists whole or not at all (the
//     documents it creates and the original it changes), as does a void;
//   - no Idempotency-Key produced two effects: one batch per key, one event per change, each
//     document billed once, a repeated key answered with its first answer;
//   - every accepted batch completes, every item accounted for;
//   - the cursors of the transaction and batch lists list every document once.
// Which requests the kills cut short depends on timing; what is checked does not: the invariants
// hold for any cut, so a failure is a bug, never bad luck. STX_CHAOS_SEED replays another workload.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, expect, it } from 'vitest';
import { tenantEvents } from '../../functions/adapters/dynamodb/events';
import { MAIN_TABLE } from '../../functions/manifest/resources';
import { localTableName } from '../../lib/local/provision';
import { KEYS, SEED } from '../fixtures/seed';
import { type RunnerProcess, startRunner } from '../support/runner-process';
import { describeLocal } from '../support/target';

const SEED_VALUE = Number(process.env.STX_CHAOS_SEED ?? 40_2026);
/** One kill per kind of write, in a seeded order: each round's kill lands inside a request of its kind. */
const TARGETS = ['commit', 'refund', 'credit', 'void', 'adjust', 'batch'] as const;
const KILLS = TARGETS.length;
/** How long a round runs before its kill is armed: long enough for work to be in flight, short enough to stay bounded. */
const ARM_AFTER_MS = [300, 1500] as const;
/**
 * Once armed, the next request of the round's kind is killed this long after it was sent: across
 * the span of one request, before its write, between its write and its answer, after.
 */
const KILL_DELAY_MS = [0, 60] as const;
const WORKERS = 4;
const BATCH_ITEMS = 6;
const TENANT = { accountId: 'acct_main', environment: 'sandbox' } as const;
const ship_to = { state: 'NY', zip: '10001' };
const DATE = '2026-04-15';

const dir = mkdtempSync(join(tmpdir(), 'stx-chaos-'));
const seedPath = join(dir, 'seed.json');
writeFileSync(seedPath, JSON.stringify(SEED));
// The sweeper re-queues the batches whose queue messages died with a runner at once. Between the
// kills, every 7th transaction is applied and then answered as a timeout: the same window (written,
// not answered, the idempotency record gone with the failed attempt) without a restart.
const env = {
  TAX_SEED_FILE: seedPath,
  STX_DATA_DIR: join(dir, 'data'),
  STX_SWEEP_SECONDS: '2',
  STX_SWEEP_MIN_AGE_SECONDS: '0',
  STX_FAULTS: 'dynamodb:TransactWriteItems:timeout:7',
};
const runners: RunnerProcess[] = [];

afterAll(async () => {
  await Promise.allSettled(runners.map((r) => r.stop()));
  rmSync(dir, { recursive: true, force: true });
});

/** mulberry32: a small seeded generator, so a run's workload and kill moments are repeatable. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Kind = 'commit' | 'refund' | 'credit' | 'void' | 'adjust' | 'batch';
type State = 'unsent' | 'unknown' | 'acked' | 'applied';

interface Op {
  readonly n: number;
  readonly kind: Kind;
  readonly key: string;
  readonly path: string;
  readonly body: Record<string, unknown>;
  /** The sale a follow-up changes. */
  readonly sale?: string;
  /** Codes of the documents it creates. */
  readonly creates: readonly string[];
  readonly amount: number;
  state: State;
  /** The first 2xx answer seen, what a repeat of the key must answer again. */
  answer?: { status: number; body: any };
  /** Settling right now: a repeat waits until it is done. */
  busy: boolean;
}

interface Answer {
  readonly status: number;
  readonly body: any;
  readonly replayed: boolean;
  readonly retryAfter: string | null;
}

const figures = {
  rounds: 0,
  workloadRequests: 0,
  checkRequests: 0,
  cutShort: 0,
  timedOut: 0,
  landedUnanswered: 0,
  repeats: 0,
  concurrentPairs: 0,
  invariants: 0,
  batches: 0,
  documents: 0,
};
const problems: string[] = [];
/** One invariant evaluated; a failure is collected with what was seen, and fails the test. */
function hold(ok: boolean, what: string): void {
  figures.invariants++;
  if (!ok) problems.push(what);
}

let base = '';
let alive = false;
/** The round's kill, waiting for the next request of its kind. */
let armed: { readonly kind: Kind; readonly delayMs: number; readonly fire: () => void } | null = null;

async function http(method: string, path: string, body?: unknown, key?: string): Promise<Answer | null> {
  try {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${KEYS.admin}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(key === undefined ? {} : { 'Idempotency-Key': key }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? JSON.parse(text) : null,
      replayed: res.headers.get('idempotent-replayed') === 'true',
      retryAfter: res.headers.get('retry-after'),
    };
  } catch {
    // The runner died under the request (or between requests): its answer is unknown.
    return null;
  }
}

/** A read for the checks, on a live runner: anything but an answer is a failure. */
async function read(path: string): Promise<any> {
  figures.checkRequests++;
  const res = await http('GET', path);
  if (!res || res.status >= 500) throw new Error(`GET ${path}: ${res ? `${res.status} ${JSON.stringify(res.body)}` : 'no answer'}`);
  return res;
}

/**
 * What an answer tells the client: `acked` (2xx), `applied` (the code is taken by this very
 * payload: an earlier attempt landed and its answer was lost), or `retry` (no answer, 503, 429, a
 * call still in progress under the key). Anything else is a wrong answer.
 */
function verdict(op: Op, res: Answer | null): 'acked' | 'applied' | 'retry' {
  if (!res || res.status === 503 || res.status === 429) return 'retry';
  const error = res.body?.error;
  if (res.status === 409 && error?.code === 'idempotency_conflict' && res.retryAfter !== null) return 'retry';
  if (res.status >= 200 && res.status < 300) return 'acked';
  if (res.status === 409 && error?.code === 'duplicate_transaction' && error.details?.[0]?.same_payload === true) return 'applied';
  // Only untouched sales are voided: refused as voided means this void was applied (checked below).
  if (op.kind === 'void' && res.status === 409 && error?.code === 'invalid_lifecycle' && /voided transaction/.test(error.message)) return 'applied';
  throw new Error(`${op.kind} ${op.key}: unexpected ${res.status} ${JSON.stringify(res.body)}`);
}

/** Sends the op until it settles or the runner dies under it (then it stays `unknown`). */
async function settle(op: Op): Promise<void> {
  op.busy = true;
  let cut = op.state === 'unknown';
  try {
    while (op.state === 'unknown' || op.state === 'unsent') {
      if (!alive) {
        op.state = 'unknown';
        return;
      }
      op.state = 'unknown';
      figures.workloadRequests++;
      if (armed?.kind === op.kind) {
        const { delayMs, fire } = armed;
        armed = null;
        setTimeout(fire, delayMs);
      }
      const res = await http('POST', op.path, op.body, op.key);
      const seen = verdict(op, res);
      if (seen === 'retry') {
        if (!res) figures.cutShort++;
        if (res?.status === 503) figures.timedOut++;
        cut ||= !res || res.status === 503;
        await new Promise((r) => setTimeout(r, res?.status === 409 ? 1000 : 200));
        continue;
      }
      // A replay or a taken code after an attempt without an answer: that attempt's write had landed.
      if (cut && (seen === 'applied' || res!.replayed)) figures.landedUnanswered++;
      op.state = seen;
      if (seen === 'acked') op.answer = { status: res!.status, body: res!.body };
    }
  } finally {
    op.busy = false;
  }
}

const ops: Op[] = [];
const rng = generator(SEED_VALUE);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
/** Acknowledged sales no follow-up has claimed yet. */
const untouched = new Set<string>();
const amountOf = new Map<string, number>();

function newOp(kind: Kind, fields: Omit<Op, 'n' | 'kind' | 'key' | 'state' | 'busy'>): Op {
  const n = ops.length;
  const op: Op = { n, kind, key: `chaos-${SEED_VALUE}-${n}`, state: 'unsent', busy: false, ...fields };
  ops.push(op);
  return op;
}

/** The next piece of the workload, drawn from the seeded generator and what is acknowledged so far. */
function nextWork(): () => Promise<void> {
  const r = rng();
  const sale = untouched.size > 0 && r >= 0.45 && r < 0.8 ? pick([...untouched]) : undefined;
  if (sale !== undefined) {
    untouched.delete(sale);
    const amount = amountOf.get(sale)!;
    const follow = pick(['refund', 'credit', 'void', 'adjust'] as const);
    const op =
      follow === 'refund'
        ? newOp('refund', {
            path: `/transactions/${sale}/refunds`,
            body: { refund_code: `${sale}-R`, lines: [{ number: '1', amount: 20 }] },
            sale,
            creates: [`${sale}-R`],
            amount: 20,
          })
        : follow === 'credit'
          ? newOp('credit', {
              path: `/transactions/${sale}/credits`,
              body: { credit_code: `${sale}-C`, lines: [{ number: '1', tax_amount: 0.5 }] },
              sale,
              creates: [`${sale}-C`],
              amount: 0.5,
            })
          : follow === 'void'
            ? newOp('void', { path: `/transactions/${sale}/void`, body: { reason: 'chaos' }, sale, creates: [], amount: 0 })
            : newOp('adjust', {
                path: '/transactions/adjustments',
                body: {
                  original_code: sale,
                  reversal_code: `${sale}-REV`,
                  replacement_code: `${sale}-V`,
                  replacement: { ship_to, lines: [{ amount: amount + 5 }] },
                },
                sale,
                creates: [`${sale}-REV`, `${sale}-V`],
                amount: amount + 5,
              });
    return () => settle(op);
  }
  const acked = ops.filter((o) => o.state === 'acked' && !o.busy);
  if (r >= 0.8 && r < 0.88 && acked.length > 0) {
    // A repeated key: the first answer again, replayed, nothing run twice.
    const op = pick(acked);
    return async () => {
      figures.repeats++;
      figures.workloadRequests++;
      const res = await http('POST', op.path, op.body, op.key);
      if (!res || res.status === 503 || res.status === 429) return;
      hold(
        // Member order aside (the replay record is a stored map), the very same answer.
        res.status === op.answer!.status && res.replayed && isDeepStrictEqual(res.body, op.answer!.body),
        `a repeat of ${op.key} (${op.kind}) answered ${res.status} (replayed: ${res.replayed}) ${JSON.stringify(res.body).slice(0, 400)}, not its first answer`,
      );
    };
  }
  if (r >= 0.88) {
    const n = ops.length;
    const items = Array.from({ length: BATCH_ITEMS }, (_, i) => ({
      reference_id: `CH-B${n}-${i}`,
      operation: 'commit',
      request: { code: `CH-B${n}-${i}`, date: DATE, ship_to, lines: [{ amount: 10 + i }] },
    }));
    const op = newOp('batch', { path: '/batches', body: { items }, creates: items.map((i) => i.reference_id), amount: 0 });
    return () => settle(op);
  }
  const n = ops.length;
  const amount = 50 + (n % 7) * 10;
  const code = `CH-S${n}`;
  amountOf.set(code, amount);
  const op = newOp('commit', { path: '/transactions', body: { code, date: DATE, ship_to, lines: [{ amount }] }, creates: [code], amount });
  const concurrent = r < 0.1;
  return async () => {
    if (concurrent) {
      // The same key twice at once: one runs, the other waits for it (409 in progress) or replays it.
      figures.concurrentPairs++;
      const twin: Op = { ...op, state: 'unsent', busy: false };
      await Promise.all([settle(op), settle(twin)]);
      if (op.state !== 'unknown' && twin.state !== 'unknown')
        hold(op.answer === undefined || twin.answer === undefined || op.answer.body.code === twin.answer.body.code, `twins of ${op.key} disagree`);
    } else {
      await settle(op);
    }
    if (op.state === 'acked' || op.state === 'applied') untouched.add(code);
  };
}

/** Runs the workload (and the settling of what earlier rounds left unknown) until the runner dies. */
async function round(runner: RunnerProcess, kind: Kind): Promise<void> {
  const armAfterMs = ARM_AFTER_MS[0] + rng() * (ARM_AFTER_MS[1] - ARM_AFTER_MS[0]);
  const delayMs = KILL_DELAY_MS[0] + rng() * (KILL_DELAY_MS[1] - KILL_DELAY_MS[0]);
  const leftovers = ops.filter((o) => o.state === 'unknown' && !o.busy);
  const workers = Array.from({ length: WORKERS }, async () => {
    while (alive) await nextWork()();
  });
  const settling = leftovers.map((o) => settle(o));
  let fire: () => void = () => undefined;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  const arming = setTimeout(() => {
    armed = { kind, delayMs, fire };
  }, armAfterMs);
  // No request of the kind came (no sale left to follow up, say): the round ends anyway.
  const fallback = setTimeout(fire, armAfterMs + 4000);
  await fired;
  clearTimeout(arming);
  clearTimeout(fallback);
  armed = null;
  alive = false;
  await runner.crash();
  await Promise.all([...workers, ...settling]);
}

async function start(): Promise<RunnerProcess> {
  const runner = await startRunner(env);
  runners.push(runner);
  base = runner.url;
  alive = true;
  return runner;
}

/** Every page of a list, through its cursors. */
async function pages(path: string, limit: number): Promise<any[]> {
  const all: any[] = [];
  let cursor: string | null = null;
  do {
    const page: any = (await read(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body;
    all.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

async function inParallel<T, R>(list: readonly T[], each: (t: T) => Promise<R>, width = 8): Promise<R[]> {
  const out: R[] = new Array(list.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < list.length) {
        const i = next++;
        out[i] = await each(list[i]!);
      }
    }),
  );
  return out;
}

/** The invariants, on a live runner, whatever the last kill cut short. `final`: nothing is left unknown. */
async function check(runner: RunnerProcess, final: boolean): Promise<void> {
  const sent = ops.filter((o) => o.state !== 'unsent');
  if (final) for (const op of sent) hold(op.state === 'acked' || op.state === 'applied', `${op.key} (${op.kind}) never settled`);

  // Every batch the service accepted, ours or one whose answer was lost, completes.
  const deadline = Date.now() + 90_000;
  let batches: any[];
  for (;;) {
    batches = await pages('/batches', 5);
    if (batches.every((b) => b.status !== 'pending') || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  hold(new Set(batches.map((b) => b.id)).size === batches.length, `the batch list's cursors listed a batch twice: ${batches.map((b) => b.id)}`);
  const views = await inParallel(batches, async (b) => (await read(`/batches/${b.id}?items_limit=${BATCH_ITEMS}`)).body);
  const batchOf = new Map<string, any[]>();
  for (const view of views) {
    hold(view.status === 'completed' && view.succeeded_count === BATCH_ITEMS && view.failed_count === 0, `batch ${view.id}: ${JSON.stringify(view)}`);
    hold(view.items.length === BATCH_ITEMS && view.items.every((i: any) => i.status === 'succeeded'), `batch ${view.id} items: ${JSON.stringify(view.items)}`);
    const owner = /^CH-B(\d+)-0$/.exec(view.items[0]?.reference_id ?? '')?.[1];
    hold(owner !== undefined, `batch ${view.id} is not the workload's`);
    batchOf.set(owner!, [...(batchOf.get(owner!) ?? []), view]);
  }
  for (const op of sent.filter((o) => o.kind === 'batch')) {
    const made = batchOf.get(String(op.n)) ?? [];
    // One batch per Idempotency-Key, whatever its attempts met.
    hold(made.length <= 1, `${op.key} made ${made.length} batches`);
    if (op.state === 'acked')
      hold(made[0]?.id === op.answer!.body.id, `${op.key} was answered ${op.answer!.body.id}, the service has ${made.map((b) => b.id)}`);
  }

  // The transaction list, through its cursors: each document once, and exactly the documents there are.
  const listed = (await pages('/transactions', 7)).map((t) => t.code as string).filter((c) => c.startsWith('CH-'));
  hold(new Set(listed).size === listed.length, `the transaction list's cursors listed a document twice`);
  const known = [...new Set(sent.flatMap((o) => [...o.creates, ...(o.sale ? [o.sale] : [])]))];
  const found = new Map<string, any>();
  await inParallel(known, async (code) => {
    const res = await read(`/transactions/${encodeURIComponent(code)}`);
    hold(res.status === 200 || res.status === 404, `GET ${code}: ${res.status}`);
    if (res.status === 200) found.set(code, res.body);
  });
  hold(listed.length === found.size && listed.every((c) => found.has(c)), `listed ${listed.length} documents, ${found.size} exist`);
  figures.documents = found.size;
  figures.batches = batches.length;

  // Each write whole or not at all; each acknowledged one there, as asked.
  const done = (op: Op) => op.state === 'acked' || op.state === 'applied';
  for (const op of sent) {
    const original = op.sale ? found.get(op.sale) : undefined;
    if (op.sale) hold(original !== undefined, `${op.key}: its sale ${op.sale} is gone`);
    switch (op.kind) {
      case 'commit': {
        const doc = found.get(op.creates[0]!);
        if (done(op)) hold(doc !== undefined, `${op.key}: acknowledged sale ${op.creates[0]} is missing`);
        if (doc) hold(doc.kind === 'sale' && doc.total_amount === op.amount, `${op.creates[0]}: ${JSON.stringify(doc)}`);
        break;
      }
      case 'refund':
      case 'credit': {
        const code = op.creates[0]!;
        const doc = found.get(code);
        const listedOn = op.kind === 'refund' ? original?.refunds : original?.credits;
        if (done(op)) hold(doc !== undefined, `${op.key}: acknowledged ${op.kind} ${code} is missing`);
        hold(
          Boolean(doc) === Boolean(listedOn?.includes(code)),
          `${op.key}: ${op.kind} ${code} half-applied (document ${Boolean(doc)}, original ${JSON.stringify(listedOn)})`,
        );
        hold(listedOn === undefined || listedOn.length <= 1, `${op.sale} lists ${JSON.stringify(listedOn)}`);
        if (op.kind === 'refund') {
          hold(
            original === undefined || original.lines[0].refunded_amount === (doc ? op.amount : 0),
            `${op.sale}: refunded ${original?.lines[0].refunded_amount}`,
          );
          if (doc) hold(doc.kind === 'refund' && doc.total_amount === -op.amount, `${code}: ${JSON.stringify(doc)}`);
        } else {
          hold(original === undefined || original.lines[0].credited_tax === (doc ? op.amount : 0), `${op.sale}: credited ${original?.lines[0].credited_tax}`);
          if (doc) hold(doc.kind === 'credit' && doc.total_tax === -op.amount, `${code}: ${JSON.stringify(doc)}`);
        }
        break;
      }
      case 'void':
        if (done(op)) hold(original?.status === 'voided', `${op.key}: acknowledged void of ${op.sale} is ${original?.status}`);
        hold(original === undefined || original.status === 'voided' || original.status === 'committed', `${op.sale} is ${original?.status}`);
        break;
      case 'adjust': {
        const [reversal, replacement] = op.creates.map((c) => found.get(c));
        const adjusted = original?.status === 'adjusted';
        if (done(op)) hold(adjusted, `${op.key}: acknowledged adjustment of ${op.sale} is ${original?.status}`);
        hold(
          Boolean(reversal) === adjusted && Boolean(replacement) === adjusted,
          `${op.key}: adjustment half-applied (original ${original?.status}, reversal ${Boolean(reversal)}, replacement ${Boolean(replacement)})`,
        );
        if (adjusted)
          hold(
            original.adjustment?.replacement_code === op.creates[1] && replacement.total_amount === op.amount,
            `${op.sale}: ${JSON.stringify(original.adjustment)}`,
          );
        break;
      }
      case 'batch':
        for (const code of op.creates) if (found.has(code)) hold(batchOf.has(String(op.n)), `${code} exists without its batch`);
        if (done(op)) for (const code of op.creates) hold(found.has(code), `${op.key}: item ${code} of an acknowledged batch is missing`);
        break;
    }
  }

  // One event per change, none for what does not exist.
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: /DynamoDB Local (\S+),/.exec(runner.output())![1]!,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const events = await tenantEvents(db, localTableName(MAIN_TABLE), TENANT);
  db.destroy();
  const made = new Map<string, number>();
  const count = (code: string | undefined) => {
    if (code?.startsWith('CH-')) made.set(code, (made.get(code) ?? 0) + 1);
  };
  for (const event of events) {
    const data = JSON.parse(event.data);
    if (event.type === 'transaction.committed') count(data.code);
    else if (event.type === 'transaction.refunded') count(data.refund?.code);
    else if (event.type === 'transaction.credited') count(data.credit?.code);
    else if (event.type === 'transaction.voided') count(`${data.code}#void`);
    else if (event.type === 'transaction.adjusted') count(data.replacement?.code);
  }
  for (const [code, doc] of found) {
    if (doc.kind !== 'reversal') hold(made.get(code) === 1, `${code}: ${made.get(code) ?? 0} events`);
    if (doc.kind === 'sale')
      hold((made.get(`${code}#void`) ?? 0) === (doc.status === 'voided' ? 1 : 0), `${code} (${doc.status}): ${made.get(`${code}#void`) ?? 0} void events`);
  }
  for (const code of made.keys()) hold(found.has(code.replace(/#void$/, '')), `an event for ${code}, which does not exist`);

  // Each document billed once, in the write that made it.
  const docs = [...found.values()];
  const units = Object.fromEntries((await read('/usage?group_by=kind')).body.data.map((g: { group: string; total: number }) => [g.group, g.total]));
  const expected = {
    commit: docs.filter((d) => d.kind === 'sale' && !d.code.startsWith('CH-B')).length,
    batch_item: docs.filter((d) => d.code.startsWith('CH-B')).length,
    refund: docs.filter((d) => d.kind === 'refund').length,
    credit: docs.filter((d) => d.kind === 'credit').length,
    void: docs.filter((d) => d.status === 'voided').length,
    adjustment: docs.filter((d) => d.kind === 'replacement').length,
  };
  for (const [kind, n] of Object.entries(expected)) hold((units[kind] ?? 0) === n, `${kind}: ${units[kind] ?? 0} units for ${n} documents`);
  hold(
    Object.keys(units).every((k) => k in expected),
    `usage of kinds the workload has not: ${JSON.stringify(units)}`,
  );
}

describeLocal('kill -9 chaos', () => {
  it(`a mixed workload killed ${KILLS} times at random moments keeps every invariant`, { timeout: 600_000 }, async () => {
    const began = Date.now();
    let runner = await start();
    const order = [...TARGETS].sort(() => rng() - 0.5);
    for (const kind of order) {
      await round(runner, kind);
      figures.rounds++;
      runner = await start();
      await check(runner, false);
      expect(problems, problems.join('\n')).toEqual([]);
    }
    // Last, everything the kills left unknown is settled by its retries, and checked once more.
    await Promise.all(ops.filter((o) => o.state === 'unknown').map((o) => settle(o)));
    await check(runner, true);
    const seconds = Math.round((Date.now() - began) / 1000);
    console.log(
      `chaos (seed ${SEED_VALUE}): ${figures.rounds} kill rounds, ${ops.length} operations (${figures.concurrentPairs} concurrent key pairs, ${figures.repeats} repeated keys), ` +
        `${figures.workloadRequests} workload requests (${figures.cutShort} cut short by a kill, ${figures.timedOut} answered 503 after an injected timeout; ${figures.landedUnanswered} retries found the write applied), ${figures.checkRequests} check requests, ` +
        `${figures.invariants} invariants checked, ${figures.documents} documents and ${figures.batches} batches at the end, ${seconds} s`,
    );
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
