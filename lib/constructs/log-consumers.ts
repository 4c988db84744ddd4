// A function for each log consumer of functions/manifest/resources.ts (the usage-log worker), fed by a CloudWatch
// Logs subscription filter on the stage's function log group: every function writes there, so one
// filter selects the usage journal's lines of every route that records one (calculations,
// estimates, TaxJar taxes), whatever routes are added later. CloudWatch Logs invokes the function
// asynchronously: a failed invocation is retried twice by Lambda with the same payload (the worker
// is idempotent per delivery), and one that still fails lands in a dead-letter queue with an alarm,
// to be replayed by a person: its units are not lost.
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { type Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { FilterPattern, type LogGroup, SubscriptionFilter } from 'aws-cdk-lib/aws-logs';
import { LambdaDestination } from 'aws-cdk-lib/aws-logs-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { LOG_CONSUMERS, type LogConsumerDef } from '../../functions/manifest/resources';
import { logConsumerId } from '../bundling';
import { type AccessProfiles, accessProfile } from './access-profiles';
import { ServiceFunction } from './service-function';

export interface LogConsumersProps {
  readonly namePrefix: string;
  readonly environment: Record<string, string>;
  readonly profiles: AccessProfiles;
  readonly logGroup: LogGroup;
  readonly removalPolicy: RemovalPolicy;
}

export interface LogConsumer {
  readonly def: LogConsumerDef;
  readonly fn: ServiceFunction;
  readonly subscription: SubscriptionFilter;
  /** Deliveries that failed every attempt. */
  readonly deadLetterQueue: Queue;
  readonly dlqAlarm: Alarm;
}

export class LogConsumers extends Construct {
  readonly byId = new Map<string, LogConsumer>();

  constructor(scope: Construct, id: string, props: LogConsumersProps) {
    super(scope, id);
    for (const def of LOG_CONSUMERS) {
      const name = `${props.namePrefix}-${logConsumerId(def)}`;
      const fn = new ServiceFunction(this, logConsumerId(def), {
        functionName: name,
        entry: def.handler,
        environment: props.environment,
        timeout: Duration.seconds(60),
        // Writes usage counters and delivery markers, nothing else.
        role: props.profiles.roleFor(accessProfile({ data: 'usage' })),
        logGroup: props.logGroup,
      });
      const deadLetterQueue = new Queue(this, `${def.id}Dlq`, {
        queueName: `${name}-dlq`,
        enforceSSL: true,
        encryption: QueueEncryption.SQS_MANAGED,
        retentionPeriod: Duration.days(14),
        removalPolicy: props.removalPolicy,
      });
      fn.fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6), onFailure: new SqsDestination(deadLetterQueue) });
      const subscription = new SubscriptionFilter(this, `${def.id}Subscription`, {
        logGroup: props.logGroup,
        destination: new LambdaDestination(fn.fn),
        filterPattern: FilterPattern.literal(def.filterPattern),
        filterName: name,
      });
      const dlqAlarm = deadLetterQueue
        .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' })
        .createAlarm(this, `${def.id}DlqAlarm`, {
          alarmName: `${name}-dlq-not-empty`,
          alarmDescription: `Log deliveries to ${name} failed every attempt and wait in its dead-letter queue (their units are not counted until replayed).`,
          threshold: 0,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        });
      this.byId.set(def.id, { def, fn, subscription, deadLetterQueue, dlqAlarm });
    }
  }
}
