// `stx`: the command line of the sales-tax API. `stx batch <export>` is the nightly ERP loader.
import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { apiClient } from './api-client';
import { DOCUMENT_FIELDS, LINE_FIELDS, parseColumnMap } from './column-map';
import { exitStatus } from './exit-status';
import { load } from './loader';
import { progress } from './progress';
import { defaultStatePath } from './state-file';

// Usage mistakes (an unknown option or command, a missing argument) are one line from commander and
// exit 2, before anything is read or sent; --help exits 0. Set before the commands: they inherit it.
const program = new Command('stx').description('Command-line tools for the sales-tax API.').exitOverride();

const positive = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive integer');
  return n;
};

program
  .command('batch')
  .description('Load an ERP export (CSV lines or JSON Lines documents) as batches and write a results CSV.')
  .argument('<export>', 'the export file (.csv or .jsonl)')
  .addOption(new Option('--base-url <url>', 'the API, without /api/v1').env('STX_BASE_URL').default('http://127.0.0.1:3000'))
  .addOption(new Option('--key <key>', 'API key with batches:write and batches:read').env('STX_API_KEY').makeOptionMandatory())
  .addOption(new Option('--format <format>', 'export format (default: from the extension)').choices(['csv', 'jsonl']))
  .addOption(new Option('--operation <operation>', 'calculate (default) or commit each document').choices(['calculate', 'commit']).default('calculate'))
  .option('--map <pairs>', `CSV columns as field=Header,... (fields: ${[...DOCUMENT_FIELDS, ...LINE_FIELDS].join(', ')})`)
  .option('--out <file>', 'results CSV', 'results.csv')
  .option('--state <file>', 'state file that makes the load resumable (default: one per export in the user state directory)')
  .option('--allow-rejected', 'exit 0 even when the export itself rejected rows (they are still listed in the results)')
  .option('--batch-size <n>', 'items per batch (at most the service limit)', positive)
  .action(async (input: string, opts) => {
    if (!existsSync(input)) throw new Error(`no such file: ${input}`);
    const format = (opts.format ?? (extname(input).toLowerCase() === '.csv' ? 'csv' : 'jsonl')) as 'csv' | 'jsonl';
    const summary = await load(
      apiClient(opts.baseUrl, opts.key),
      {
        input,
        format,
        columns: parseColumnMap(opts.map),
        operation: opts.operation,
        resultsPath: opts.out,
        statePath: opts.state ?? defaultStatePath(input),
        batchSize: opts.batchSize,
      },
      (total) => progress(total, Boolean(process.stdout.isTTY)),
    );
    console.log(
      `done: ${summary.documents} documents in ${summary.batches} batches, ${summary.succeeded} succeeded, ${summary.failed} failed (${summary.rejected} rejected by the export itself) in ${summary.seconds}s; results in ${opts.out}`,
    );
    process.exitCode = exitStatus(summary, Boolean(opts.allowRejected));
  });

try {
  await program.parseAsync();
} catch (error) {
  // Commander has printed its own errors and the help already.
  if (!(error instanceof CommanderError)) console.error(`stx: ${(error as Error).message}`);
  process.exitCode = error instanceof CommanderError && error.exitCode === 0 ? 0 : 2;
}
