// The pending-work registry in the main table (entities/pending-work.ts): the sweeper pages
// through its few partitions and removes the entries of work it found finished. Entries are put
// and deleted inside the writes that accept and finish the work (atomic-write.ts).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { PENDING_WORK_SHARDS, type PendingWork, type PendingWorkRegistry } from '../../core/work/pending-work';
import { pendingWorkEntity } from './entities/pending-work';

export class PendingWorkStore implements PendingWorkRegistry {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async *pages(limit: number): AsyncIterable<readonly PendingWork[]> {
    for (let shard = 0; shard < PENDING_WORK_SHARDS; shard++) {
      let start: Record<string, unknown> | undefined;
      do {
        const out = await this.db.send(
          new QueryCommand({
            TableName: this.table,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': pendingWorkEntity.partition(shard) },
            ExclusiveStartKey: start,
            Limit: limit,
          }),
        );
        const entries = (out.Items ?? []).map(pendingWorkEntity.read);
        if (entries.length > 0) yield entries;
        start = out.LastEvaluatedKey;
      } while (start);
    }
  }

  async remove(work: PendingWork): Promise<void> {
    try {
      // Only the entry the sweeper saw: one written again since (a new endpoint) stays.
      await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: pendingWorkEntity.key(work),
          ConditionExpression: 'attribute_not_exists(PK) OR since = :since',
          ExpressionAttributeValues: { ':since': work.since },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
