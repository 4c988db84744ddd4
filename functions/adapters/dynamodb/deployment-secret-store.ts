// Secrets of the whole deployment (entities/deployment-secret.ts), kept in the table as webhook
// secrets are (encrypted at rest by DynamoDB, readable only by the stack's functions). Each is made
// on first use: of processes that race to create it, one conditional Put wins and every process
// reads back that one, so a deployment never signs with two secrets.
import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { deploymentSecretEntity } from './entities/deployment-secret';

export class DeploymentSecretStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** The secret `name` (32 random bytes), created if the deployment has none yet. */
  async secret(name: string): Promise<Uint8Array> {
    const key = deploymentSecretEntity.key(name);
    const read = async () => (await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }))).Item;
    let item = await read();
    if (!item) {
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.table,
            Item: deploymentSecretEntity.item(name, randomBytes(32), new Date().toISOString()),
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
      item = await read();
    }
    return deploymentSecretEntity.read(item);
  }
}
