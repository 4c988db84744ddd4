// The sweeper of pending work on AWS: a function an EventBridge rule invokes every 5 minutes. It
// re-queues chunks of batches and return jobs older than `min_age_seconds` that have no tally yet (a
// submission whose enqueue failed after its header was written, a message gone to the dead-letter
// queue by mistake), fails batches past their deadline, and re-queues webhook delivery attempts
// overdue by that long, so nothing stays pending forever. It reads and
// writes the Main table and sends to the queues its kinds of work use: its own access profile.
import { Duration } from 'aws-cdk-lib';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { BATCH_ITEMS_QUEUE, RETURN_JOB_ITEMS_QUEUE, WEBHOOK_DELIVERIES_QUEUE } from '../../functions/manifest/resources';
import { SWEEPER_ENTRY, SWEEPER_FILES } from '../bundling';
import { type AccessProfiles, accessProfile } from './access-profiles';
import { ServiceFunction } from './service-function';

export const SWEEP_EVERY = Duration.minutes(5);
/** Work younger than this still has its first messages on the way; the sweeper leaves it alone. */
export const SWEEP_MIN_AGE_SECONDS = 300;

export interface SweeperProps {
  readonly namePrefix: string;
  readonly environment: Record<string, string>;
  readonly profiles: AccessProfiles;
  readonly logGroup: LogGroup;
}

export class Sweeper extends Construct {
  readonly fn: ServiceFunction;

  constructor(scope: Construct, id: string, props: SweeperProps) {
    super(scope, id);
    this.fn = new ServiceFunction(this, 'Function', {
      functionName: `${props.namePrefix}-sweeper`,
      entry: SWEEPER_ENTRY,
      files: SWEEPER_FILES,
      environment: props.environment,
      timeout: Duration.minutes(2),
      // Every queue its kinds of work re-queue to: batch chunks, return-job chunks, webhook deliveries.
      role: props.profiles.roleFor(accessProfile({ data: 'write', sendsTo: [BATCH_ITEMS_QUEUE.id, RETURN_JOB_ITEMS_QUEUE.id, WEBHOOK_DELIVERIES_QUEUE.id] })),
      logGroup: props.logGroup,
    });
    new Rule(this, 'Schedule', {
      description: 'Re-queues unfinished work and fails overdue batches (functions/sweeper).',
      schedule: Schedule.rate(SWEEP_EVERY),
      targets: [new LambdaFunction(this.fn.fn, { event: RuleTargetInput.fromObject({ min_age_seconds: SWEEP_MIN_AGE_SECONDS }), retryAttempts: 2 })],
    });
  }
}
