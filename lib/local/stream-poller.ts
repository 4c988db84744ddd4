// Plays the Lambda event-source mapping for DynamoDB Streams: reads every shard of a table's stream
// (DynamoDB Local keeps one per table and opens new ones as it goes), keeps the records the
// consumer's filter names (as the event source's filter criteria do on AWS), and hands them to the
// handler as a DynamoDBStreamEvent. Records the handler reports as failed (partial batch response)
// are retried from the first failure, as Lambda does, up to `maxRetries` times.

import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { StreamConsumerDef } from '../../functions/manifest/resources';
import { functionContext } from './api-gateway';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './provision';
import type { Poller } from './sqs-poller';

export type StreamHandler = (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse | undefined>;

/**
 * Poll interval while the stream has nothing new: 100 ms at first (Lambda polls each shard about
 * four times a second), longer the longer it stays idle (DynamoDB Local serializes every answer:
 * polling ten times a second cost an idle runner about 60 ms of JVM and 25 ms of Node CPU a second).
 */
const IDLE_MS = 100;
const IDLE_MAX_MS = 500;
/** Empty polls in a row after which the interval starts to grow (one second at 100 ms). */
const IDLE_POLLS_BEFORE_BACKOFF = 10;
/** How often the stream's shards are listed while records flow, and while it is idle. */
const DESCRIBE_MS = 1000;
const DESCRIBE_IDLE_MS = 5000;

export function toLambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const d = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: LOCAL_REGION,
    eventSourceARN: streamArn,
    dynamodb: {
      ApproximateCreationDateTime: d.ApproximateCreationDateTime ? Math.floor(d.ApproximateCreationDateTime.getTime() / 1000) : undefined,
      Keys: d.Keys as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      NewImage: d.NewImage as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'],
      OldImage: d.OldImage as NonNullable<DynamoDBRecord['dynamodb']>['OldImage'],
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType as NonNullable<DynamoDBRecord['dynamodb']>['StreamViewType'],
    },
  };
}

/** The consumer's filter, as the event source mapping's filter criteria apply it. */
export const matchesFilter = (record: DynamoDBRecord, filter: StreamConsumerDef['filter']): boolean =>
  record.eventName === filter.eventName && record.dynamodb?.NewImage?.entity?.S === filter.entity;

export function pollStream(
  endpoint: string,
  tableName: string,
  consumer: StreamConsumerDef,
  handler: StreamHandler,
  onError: (error: unknown) => void,
  maxRetries = 3,
  contextFor: () => Context = () => functionContext(`stream-${consumer.id}`, 'local', 60),
): Poller {
  const config = { endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  const streams = new DynamoDBStreamsClient(config);
  const dynamo = new DynamoDBClient(config);
  // No logger is given: the SDK's logger middleware would redact every GetRecords answer for nothing.
  streams.middlewareStack.remove('loggerMiddleware');
  let running = true;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const invoke = async (records: DynamoDBRecord[]) => {
    let batch = records;
    for (let attempt = 0; batch.length > 0; attempt++) {
      const context = contextFor();
      let failedFrom = -1;
      try {
        const response = await handler({ Records: batch }, context);
        const failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        failedFrom = batch.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
      } catch (error) {
        onError(error);
        failedFrom = 0;
      }
      if (failedFrom < 0) return;
      if (attempt >= maxRetries) {
        onError(new Error(`stream consumer ${consumer.id} gave up on ${batch.length - failedFrom} records`));
        return;
      }
      batch = batch.slice(failedFrom);
      await sleep(200 * 2 ** attempt);
    }
  };

  const loop = async () => {
    const table = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
    const streamArn = table.Table?.LatestStreamArn;
    if (!streamArn) throw new Error(`table ${tableName} has no stream`);
    /** Next iterator by shard id; null once a closed shard has been read to its end. */
    const iterators = new Map<string, string | null>();
    let lastDescribe = 0;
    let emptyPolls = 0;
    while (running) {
      try {
        if (Date.now() - lastDescribe > (emptyPolls > IDLE_POLLS_BEFORE_BACKOFF ? DESCRIBE_IDLE_MS : DESCRIBE_MS)) {
          lastDescribe = Date.now();
          const described = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
          for (const shard of described.StreamDescription?.Shards ?? []) {
            if (!shard.ShardId || iterators.has(shard.ShardId)) continue;
            const it = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }));
            iterators.set(shard.ShardId, it.ShardIterator ?? null);
          }
        }
        let received = 0;
        for (const [shardId, iterator] of iterators) {
          if (!iterator || !running) continue;
          const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
          iterators.set(shardId, out.NextShardIterator ?? null);
          const records = (out.Records ?? []).map((r) => toLambdaRecord(r, streamArn)).filter((r) => matchesFilter(r, consumer.filter));
          received += out.Records?.length ?? 0;
          for (let i = 0; i < records.length; i += consumer.batchSize) await invoke(records.slice(i, i + consumer.batchSize));
        }
        emptyPolls = received === 0 ? emptyPolls + 1 : 0;
        if (received === 0) await sleep(Math.min(IDLE_MAX_MS, IDLE_MS * Math.max(1, emptyPolls - IDLE_POLLS_BEFORE_BACKOFF)));
      } catch (error) {
        if (!running) break;
        onError(error);
        await sleep(500);
      }
    }
  };
  const done = loop().catch(onError);
  return {
    stop: async () => {
      running = false;
      await done;
      streams.destroy();
      dynamo.destroy();
    },
  };
}
