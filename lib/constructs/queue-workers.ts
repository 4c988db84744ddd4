// A function for each queue of functions/manifest/resources.ts that names a worker, fed by an SQS event source.
import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { workerId } from '../bundling';
import { type AccessProfiles, accessProfile } from './access-profiles';
import type { Queues } from './queues';
import { ServiceFunction } from './service-function';

export interface QueueWorkersProps {
  readonly namePrefix: string;
  readonly environment: Record<string, string>;
  readonly queues: Queues;
  readonly profiles: AccessProfiles;
  readonly logGroup: LogGroup;
}

export class QueueWorkers extends Construct {
  /** By queue id. */
  readonly byQueue = new Map<string, ServiceFunction>();

  constructor(scope: Construct, id: string, props: QueueWorkersProps) {
    super(scope, id);
    for (const { def, queue } of props.queues.byId.values()) {
      if (!def.worker) continue;
      // Consuming a queue is part of the profile, so each worker's role consumes its own queue only.
      const profile = accessProfile({ data: 'write', consumes: [def.id], sendsTo: def.sendsTo ?? [], content: def.content ? 'read' : 'none' });
      const worker = new ServiceFunction(this, workerId(def), {
        functionName: `${props.namePrefix}-${workerId(def)}`,
        entry: def.worker,
        content: def.content ?? false,
        environment: props.environment,
        // AWS's guidance: a queue's visibility timeout at least six times its consumer's timeout,
        // so a batch retried after a throttled invocation is not delivered twice.
        timeout: Duration.seconds(Math.max(1, Math.floor(def.visibilityTimeoutSeconds / 6))),
        role: props.profiles.roleFor(profile),
        logGroup: props.logGroup,
      });
      // Failed items return to the queue alone (the worker reports them); the rest are deleted.
      worker.fn.addEventSource(new SqsEventSource(queue, { batchSize: def.batchSize, reportBatchItemFailures: true }));
      this.byQueue.set(def.id, worker);
    }
  }
}
