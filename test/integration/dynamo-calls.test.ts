// DynamoDB requests per request of a warm function: the budget the design promises, asserted so it
// cannot creep. A key at the default limits pays one rate-counter write per request; a key at
// 1,000/min or more leases tokens, so its requests mostly skip that write. Metered usage adds no
// request: a commit's or a refund's usage counter is an item of its own TransactWriteItems, and a
// calculation's unit is a journal line (a file write here, stdout on Lambda), summed later off its
// path by the usage-log worker: one TransactWriteItems (the delivery's marker and one counter) for
// every unit of the key and day in a delivery.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { nexusRules } from '../../functions/adapters/content/nexus-rules-file';
import { monthsToRead } from '../../functions/core/nexus/report';
import { chargeOfLine } from '../../functions/core/usage/journal';
import { USAGE_LOG_WORKER } from '../../functions/manifest/resources';
import { functionContext } from '../../lib/local/api-gateway';
import { inProcess } from '../../lib/local/invoke';
import { type JournalTailer, type LogsHandler, tailJournal } from '../../lib/local/journal-tailer';
import { handlerModule } from '../../lib/paths';
import { KEYS } from '../fixtures/seed';
import { unique } from '../support/http';
import { describeLocal } from '../support/target';

const { invoke, dynamoCalls, journalFile } = inProcess(inject('dynamoEndpoint'));
let tail: JournalTailer | undefined;

beforeAll(async () => {
  // The worker as the runner loads it (by path, the module graph `invoke` counts the calls of); no timed passes.
  const { handler } = (await import(pathToFileURL(handlerModule(USAGE_LOG_WORKER.handler)).href)) as { handler: LogsHandler };
  const context = () => functionContext('usage-log-worker', 'local', 60);
  tail = tailJournal({ dir: dirname(journalFile), liveFile: journalFile, handler, context, onError: () => undefined, intervalMs: 3_600_000 });
});
afterAll(() => tail?.stop());

const journalLines = (): string[] => {
  try {
    return readFileSync(journalFile, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
};

async function counted<T>(call: () => Promise<T>): Promise<{ result: T; calls: number }> {
  const before = await dynamoCalls();
  const result = await call();
  return { result, calls: (await dynamoCalls()) - before };
}

/** Keeps a sequence of requests inside one rate window (leases belong to a window). */
async function awayFromMinuteEdge(seconds: number): Promise<void> {
  const s = (Date.now() / 1000) % 60;
  if (s > 58 - seconds) await new Promise((r) => setTimeout(r, (60.5 - s) * 1000));
}

const calculation = { date: '2026-04-15', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }] };
const sale = (code: string) => ({ code, date: '2026-04-15', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }, { amount: 20 }] });

async function budget(key: string) {
  await invoke('POST', '/api/v1/transactions', key, sale(unique('WARM')));
  const commit = await counted(() => invoke('POST', '/api/v1/transactions', key, sale(unique('CALLS'))));
  expect(commit.result.status).toBe(201);
  const code = commit.result.body.code;
  const lookup = await counted(() => invoke('GET', `/api/v1/transactions/${code}`, key));
  expect(lookup.result.status).toBe(200);
  const refund = await counted(() =>
    invoke('POST', `/api/v1/transactions/${code}/refunds`, key, { refund_code: unique('RF'), lines: [{ number: '1', amount: 10 }] }),
  );
  expect(refund.result.status).toBe(201);
  // An Idempotency-Key adds the Powertools record: one conditional put before, one update after.
  const idempotent = await counted(() => invoke('POST', '/api/v1/transactions', key, sale(unique('CALLS')), { 'Idempotency-Key': unique('ik') }));
  expect(idempotent.result.status).toBe(201);
  // Whatever earlier calculations journaled is summed first, outside the counted calls.
  await tail!.drain();
  const before = journalLines().length;
  const calculations = await counted(async () => {
    for (let i = 0; i < 3; i++) expect((await invoke('POST', '/api/v1/calculations', key, calculation)).status).toBe(200);
  });
  // Their three units are in the journal once answered, with no DynamoDB call...
  const journaled = journalLines().slice(before).map(chargeOfLine);
  expect(journaled.map((c) => c?.kind)).toEqual(['calculation', 'calculation', 'calculation']);
  expect(new Set(journaled.map((c) => c?.owner.keyId)).size).toBe(1);
  // ...and summed later, off their path: one TransactWriteItems (the marker, one counter item).
  const stored = await counted(() => tail!.drain());
  return {
    commit: commit.calls,
    lookup: lookup.calls,
    refund: refund.calls,
    idempotent: idempotent.calls,
    threeCalculations: calculations.calls,
    journalDelivery: stored.calls,
  };
}

describeLocal('DynamoDB calls per request (warm process, cached key and tenant configuration)', () => {
  it('default limits: commit = counter + TransactWriteItems, lookup = counter + GetItem, refund = counter + GetItem + TransactWriteItems', async () => {
    await awayFromMinuteEdge(5);
    expect(await budget(KEYS.calls)).toEqual({ commit: 2, lookup: 2, refund: 3, idempotent: 4, threeCalculations: 3, journalDelivery: 1 });
  });

  it('a key at 100,000/min spends leased tokens: no counter write on most requests', async () => {
    await awayFromMinuteEdge(5);
    expect(await budget(KEYS.admin)).toEqual({ commit: 1, lookup: 1, refund: 2, idempotent: 3, threeCalculations: 0, journalDelivery: 1 });
  });

  it('GET /nexus (leased tokens): the sales-history Query, the month records of its quarters, and the day sales only of months a test cuts', async () => {
    await awayFromMinuteEdge(5);
    // The first answer brings the month records level with the summaries; the next reads them alone.
    await invoke('GET', '/api/v1/nexus', KEYS.nexus);
    const answer = await counted(() => invoke('GET', '/api/v1/nexus', KEYS.nexus));
    expect(answer.result.status).toBe(200);
    const summaries = [...monthsToRead(nexusRules(), new Date().toISOString().slice(0, 10)).values()].reduce((n, months) => n + months.length, 0);
    // One BatchGetItem of the records (a quarter each, every state in it), then at most a round of
    // cut months per pass (two, then the look-back whole): never a summary per state and month.
    expect(answer.calls).toBeGreaterThanOrEqual(2);
    expect(answer.calls).toBeLessThanOrEqual(5);
    expect(answer.calls).toBeLessThan(1 + Math.ceil(summaries / 100));
  });
});
