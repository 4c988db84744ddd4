// The sweeper as a function: on AWS an EventBridge schedule invokes it (every 5 minutes, input
// `{"min_age_seconds": 300}`); the local runner calls it on start (min age 0: the SQS emulator kept
// nothing across the restart) and then periodically. See application/sweeper.ts.

import type { Context } from 'aws-lambda';
import * as v from 'valibot';
import { type SweepReport, sweep } from '../../application/sweeper';
import { sweeperPorts } from '../../composition-root';
import { invocationLogger } from '../../shared/powertools';

const SweepInput = v.object({ min_age_seconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 300) });

export const handler = async (event: unknown, context?: Context): Promise<SweepReport> => {
  const log = invocationLogger(context);
  const parsed = v.safeParse(SweepInput, event ?? {});
  const minAgeSeconds = parsed.success ? parsed.output.min_age_seconds : 300;
  const report = await sweep(sweeperPorts(minAgeSeconds * 1000), new Date(), (work, error) =>
    log.error('sweep of pending work failed', { kind: work.kind, id: work.id, error }),
  );
  if (report.requeued > 0 || report.failed > 0) log.warn('sweep', { ...report });
  return report;
};
