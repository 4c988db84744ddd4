// The usage-log worker: receives the usage journal's lines from a CloudWatch Logs subscription on
// the functions' log group (functions/manifest/resources.ts USAGE_LOG_WORKER; locally the runner's tail of the
// journal files, in the same shape) and sums them into the usage table, each delivery exactly once
// (functions/application/usage.ts sumJournal). A failure throws: Lambda retries the asynchronous
// invocation with the same payload, whose applied chunks then add nothing.
import type { CloudWatchLogsEvent, Context } from 'aws-lambda';
import { sumJournal } from '../../application/usage';
import { usageStore } from '../../composition-root';
import { decodeLogsEvent } from '../../shared/cloudwatch-logs';
import { invocationLogger } from '../../shared/powertools';

export const handler = async (event: CloudWatchLogsEvent, context: Context): Promise<void> => {
  const data = decodeLogsEvent(event);
  // CloudWatch Logs checks a new destination with a control message: nothing to count.
  if (data.messageType !== 'DATA_MESSAGE') return;
  const outcome = await sumJournal(
    { usage: usageStore() },
    { source: data.logGroup, stream: data.logStream, events: data.logEvents.map(({ id, message }) => ({ id, message })) },
  );
  const log = invocationLogger(context);
  if (outcome.skipped > 0) log.warn('lines that are not usage journal lines', { stream: data.logStream, skipped: outcome.skipped });
  log.debug('usage journal summed', { stream: data.logStream, events: data.logEvents.length, ...outcome });
};
