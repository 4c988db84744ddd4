// A function for each stream consumer of functions/manifest/resources.ts, fed by a DynamoDB event source whose
// filter criteria keep only the records the consumer names (new event records for the webhook
// relay), so the function is not invoked for the table's other writes.
import { Duration } from 'aws-cdk-lib';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { STREAM_CONSUMERS } from '../../functions/manifest/resources';
import { streamConsumerId } from '../bundling';
import { type AccessProfiles, accessProfile } from './access-profiles';
import { ServiceFunction } from './service-function';
import type { Tables } from './tables';

export interface StreamConsumersProps {
  readonly namePrefix: string;
  readonly environment: Record<string, string>;
  readonly tables: Tables;
  readonly profiles: AccessProfiles;
  readonly logGroup: LogGroup;
}

export class StreamConsumers extends Construct {
  readonly byId = new Map<string, ServiceFunction>();

  constructor(scope: Construct, id: string, props: StreamConsumersProps) {
    super(scope, id);
    for (const def of STREAM_CONSUMERS) {
      const profile = accessProfile({ data: 'write', sendsTo: def.sendsTo, streams: [def.table] });
      const consumer = new ServiceFunction(this, streamConsumerId(def), {
        functionName: `${props.namePrefix}-${streamConsumerId(def)}`,
        entry: def.handler,
        files: def.files,
        environment: props.environment,
        timeout: Duration.seconds(60),
        role: props.profiles.roleFor(profile),
        logGroup: props.logGroup,
      });
      consumer.fn.addEventSource(
        new DynamoEventSource(props.tables.get(def.table), {
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: def.batchSize,
          maxBatchingWindow: Duration.millis(0),
          reportBatchItemFailures: true,
          bisectBatchOnError: true,
          // A record the relay cannot handle after this many tries is skipped rather than
          // blocking its shard; GET /events still lists the event and redeliver sends it.
          retryAttempts: 10,
          filters: [
            FilterCriteria.filter({
              eventName: FilterRule.isEqual(def.filter.eventName),
              dynamodb: { NewImage: { entity: { S: FilterRule.isEqual(def.filter.entity) } } },
            }),
          ],
        }),
      );
      this.byId.set(def.id, consumer);
    }
  }
}
