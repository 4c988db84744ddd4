// A function for each queue of lib/resources.ts that names a worker, fed by an SQS event source.
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { workerId } from '../bundling';
import { MAIN_TABLE } from '../resources';
import type { Queues } from './queues';
import { ServiceFunction } from './service-function';
import type { Tables } from './tables';

export interface QueueWorkersProps {
  readonly namePrefix: string;
  readonly environment: Record<string, string>;
  readonly tables: Tables;
  readonly queues: Queues;
  readonly removalPolicy: RemovalPolicy;
}

export class QueueWorkers extends Construct {
  /** By queue id. */
  readonly byQueue = new Map<string, ServiceFunction>();

  constructor(scope: Construct, id: string, props: QueueWorkersProps) {
    super(scope, id);
    for (const { def, queue } of props.queues.byId.values()) {
      if (!def.worker) continue;
      const worker = new ServiceFunction(this, workerId(def), {
        functionName: `${props.namePrefix}-${workerId(def)}`,
        entry: def.worker,
        environment: props.environment,
        // AWS's guidance: a queue's visibility timeout at least six times its consumer's timeout,
        // so a batch retried after a throttled invocation is not delivered twice.
        timeout: Duration.seconds(Math.max(1, Math.floor(def.visibilityTimeoutSeconds / 6))),
        removalPolicy: props.removalPolicy,
      });
      // Failed items return to the queue alone (the worker reports them); the rest are deleted.
      worker.fn.addEventSource(new SqsEventSource(queue, { batchSize: def.batchSize, reportBatchItemFailures: true }));
      props.tables.get(MAIN_TABLE.id).grantReadWriteData(worker.fn);
      this.byQueue.set(def.id, worker);
    }
  }
}
