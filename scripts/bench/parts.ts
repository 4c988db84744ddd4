// The parts of `npm run bench`, in the order they run (the order of the figures in its final JSON
// line): those that start their own processes, then those measured against one local runner.
import { batchFigures, erpLoadSeconds } from './batches';
import { capacityPartFigures } from './capacity-figures';
import { coldStartFigures } from './cold-starts';
import { restartRecovery } from './durability';
import { dynamoCallFigures } from './dynamo-calls';
import { engineFigures } from './engine-figures';
import { runFuzz } from './fuzz';
import { httpFigures } from './http-figures';
import { nexusFigures } from './nexus';
import type { Runner } from './processes';
import { returnJobFigures } from './returns';
import { type Figures, KEY, type Log } from './settings';
import { webhookFigures } from './webhooks';

export const PARTS = ['init', 'engine', 'http', 'calls', 'capacity', 'fuzz', 'batches', 'erp', 'returns', 'nexus', 'webhooks', 'restart'] as const;
export type Part = (typeof PARTS)[number];
/** What `--quick` runs: about two minutes. */
export const QUICK_PARTS: readonly Part[] = ['init', 'engine', 'http', 'calls', 'capacity'];

export const OWN_PROCESS_PARTS: readonly { readonly part: Part; run(log: Log): Promise<Figures> }[] = [
  { part: 'init', run: coldStartFigures },
  { part: 'engine', run: engineFigures },
  {
    part: 'restart',
    async run(log) {
      const documents = Number(process.env.BENCH_RESTART_DOCUMENTS ?? 100_000);
      const seconds = await restartRecovery(documents, log);
      log(`restart on a data directory with ${documents} documents: ready in ${seconds} s`);
      return { restart_recovery_s: seconds };
    },
  },
];

export const SERVER_PARTS: readonly { readonly part: Part; run(server: Runner, log: Log): Promise<Figures> }[] = [
  { part: 'http', run: httpFigures },
  {
    part: 'fuzz',
    async run(server, log) {
      const fuzz = await runFuzz(server.url, KEY, Number(process.env.BENCH_FUZZ_CASES ?? 2000));
      log(`hostile input: ${fuzz.cases} generated requests, ${fuzz.fiveXx} answered 5xx, ${fuzz.failures.length} broke an invariant`);
      for (const failure of fuzz.failures) log(`  ${failure}`);
      return { fuzz_cases: fuzz.cases, fuzz_5xx: fuzz.fiveXx };
    },
  },
  { part: 'calls', run: dynamoCallFigures },
  { part: 'capacity', run: capacityPartFigures },
  {
    part: 'batches',
    async run(server, log) {
      const batches = await batchFigures(server.url, KEY);
      log(
        `batch of 500 ten-line items: calculate ${batches.calc500Seconds} s, commit ${batches.commit500Seconds} s (submit → completed); ${batches.itemsPerSecond} items/s`,
      );
      return { batch_500_calc_s: batches.calc500Seconds, batch_500_commit_s: batches.commit500Seconds, batch_items_per_sec: batches.itemsPerSecond };
    },
  },
  {
    part: 'erp',
    async run(server, log) {
      const seconds = await erpLoadSeconds(server.url, KEY);
      log(`ERP loader, 10,000 invoices from CSV committed through stx batch: ${seconds} s`);
      return { erp_10k_docs_s: seconds };
    },
  },
  {
    part: 'returns',
    async run(server, log) {
      const returns = await returnJobFigures(server.url, server.dynamo);
      log(
        `return job of 5,000 items over ${returns.documents} documents (committed in ${returns.commitSeconds} s): ${returns.jobSeconds} s; DynamoDB requests per item in a chunk of 25 ${returns.itemDynamoCalls} (summaries without documents: ${returns.itemDynamoCallsSmallMonth})`,
      );
      return { return_job_5000_s: returns.jobSeconds, return_job_item_ddb_reads: returns.itemDynamoCalls };
    },
  },
  { part: 'nexus', run: nexusFigures },
  {
    part: 'webhooks',
    async run(server, log) {
      const hooks = await webhookFigures(server.url);
      log(
        `webhooks (commit → loopback receiver, sequential): p50 ${hooks.p50Ms} ms, p99 ${hooks.p99Ms} ms; ${hooks.deliveriesPerSecond} deliveries/s (400 commits from 8 clients, committed at ${hooks.burstCommitsPerSecond}/s)`,
      );
      return { webhook_delivery_p50_ms: hooks.p50Ms, webhook_delivery_p99_ms: hooks.p99Ms, webhook_deliveries_per_sec: hooks.deliveriesPerSecond };
    },
  },
];
