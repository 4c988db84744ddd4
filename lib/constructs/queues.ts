// The SQS queues of functions/manifest/resources.ts, each with a dead-letter queue and an alarm that fires as soon
// as anything lands there (a message in a DLQ is a request the service failed to finish).
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { type Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { QUEUES, type QueueDef } from '../../functions/manifest/resources';

export interface QueuesProps {
  readonly namePrefix: string;
  readonly removalPolicy: RemovalPolicy;
  /** The queues to create; functions/manifest/resources.ts's QUEUES unless given (capacity tests add some). */
  readonly defs?: readonly QueueDef[];
}

export interface ServiceQueue {
  readonly def: QueueDef;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  /** Messages in the dead-letter queue: a person must look (lib/constructs/monitoring.ts notifies). */
  readonly dlqAlarm: Alarm;
}

export class Queues extends Construct {
  /** By queue id (functions/manifest/resources.ts). */
  readonly byId = new Map<string, ServiceQueue>();

  constructor(scope: Construct, id: string, props: QueuesProps) {
    super(scope, id);
    for (const def of props.defs ?? QUEUES) this.byId.set(def.id, this.queue(def, props));
  }

  get(id: string): ServiceQueue {
    const queue = this.byId.get(id);
    if (!queue) throw new Error(`no queue ${id}`);
    return queue;
  }

  private queue(def: QueueDef, props: QueuesProps): ServiceQueue {
    const name = `${props.namePrefix}-${def.id.toLowerCase()}`;
    const common = { enforceSSL: true, encryption: QueueEncryption.SQS_MANAGED, removalPolicy: props.removalPolicy };
    const deadLetterQueue = new Queue(this, `${def.id}Dlq`, { ...common, queueName: `${name}-dlq`, retentionPeriod: Duration.days(14) });
    const queue = new Queue(this, def.id, {
      ...common,
      queueName: name,
      visibilityTimeout: Duration.seconds(def.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: def.maxReceiveCount },
    });
    const dlqAlarm = deadLetterQueue
      .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' })
      .createAlarm(this, `${def.id}DlqAlarm`, {
        alarmName: `${name}-dlq-not-empty`,
        alarmDescription: `Messages of ${name} failed ${def.maxReceiveCount} times and wait in its dead-letter queue.`,
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    return { def, queue, deadLetterQueue, dlqAlarm };
  }
}
