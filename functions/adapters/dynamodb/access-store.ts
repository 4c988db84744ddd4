// API keys, accounts and practices in DynamoDB (entities/api-key.ts, account.ts, practice.ts). A
// key is two items written together: the lookup item keyed by the SHA-256 of the secret and a
// listing entry under its owner.
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AccessRepository, KeyOwner } from '../../core/access/ports';
import type { AccountRecord, ApiKeyRecord, PracticeRecord } from '../../core/access/records';
import { DomainError } from '../../core/errors';
import { AtomicWrite } from './atomic-write';
import type { ConditionMeaning } from './cancellation';
import { accountEntity } from './entities/account';
import { apiKeyEntity } from './entities/api-key';
import { practiceEntity } from './entities/practice';
import { keyFits } from './item-schema';
import { queryAll } from './query-page';

const duplicate: ConditionMeaning = (_reason, cause) => new DomainError('conflict', 'A key with this value already exists.', undefined, undefined, { cause });
const gone: ConditionMeaning = (_reason, cause) => new DomainError('not_found', 'No key with this id exists.', undefined, undefined, { cause });

export class AccessStore implements AccessRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  // Key, account and practice reads are consistent (a key issued a moment ago works at once) and
  // cheap: the authenticator caches them.
  async keyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: apiKeyEntity.lookupKey(hash), ConsistentRead: true }));
    return out.Item ? apiKeyEntity.read(out.Item).key : null;
  }

  async account(accountId: string): Promise<AccountRecord | null> {
    const key = accountEntity.key(accountId);
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item ? accountEntity.read(accountId, out.Item) : null;
  }

  async practice(practiceId: string): Promise<PracticeRecord | null> {
    const key = practiceEntity.key(practiceId);
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item ? practiceEntity.read(practiceId, out.Item) : null;
  }

  async putAccount(account: AccountRecord): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: accountEntity.item(account) }));
  }

  async putPractice(practice: PracticeRecord): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: practiceEntity.item(practice) }));
  }

  async renameAccount(accountId: string, name: string): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: accountEntity.key(accountId),
        UpdateExpression: 'SET #n = :n',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#n': 'name' },
        ExpressionAttributeValues: { ':n': name },
      }),
    );
  }

  /** Writes both items of a new key atomically; a second key with the same secret is refused. */
  async createKey(key: ApiKeyRecord, hash: string): Promise<void> {
    const put = (item: Record<string, unknown>) => ({ Put: { TableName: this.table, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } });
    await new AtomicWrite()
      .add(put(apiKeyEntity.lookupItem(key, hash)), duplicate)
      .add(put(apiKeyEntity.listingItem(key, hash)), duplicate)
      .send(this.db);
  }

  async listKeys(owner: KeyOwner): Promise<ApiKeyRecord[]> {
    const { partition, prefix } = apiKeyEntity.listing(owner);
    return (await queryAll(this.db, this.table, partition, prefix)).map((item) => apiKeyEntity.read(item).key);
  }

  async ownedKey(owner: KeyOwner, keyId: string): Promise<{ key: ApiKeyRecord; hash: string } | null> {
    const key = apiKeyEntity.listingKey(owner, keyId);
    if (!keyFits(key)) return null;
    const entry = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return entry.Item ? apiKeyEntity.read(entry.Item) : null;
  }

  /** Marks both items of a key revoked in one transaction. */
  async revokeKey(owner: KeyOwner, keyId: string, hash: string, at: string): Promise<void> {
    const update = {
      TableName: this.table,
      UpdateExpression: 'SET #s = :revoked, revokedAt = :at',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':revoked': 'revoked', ':at': at },
    };
    await new AtomicWrite()
      .add({ Update: { ...update, Key: apiKeyEntity.lookupKey(hash) } }, gone)
      .add({ Update: { ...update, Key: apiKeyEntity.listingKey(owner, keyId) } }, gone)
      .send(this.db);
  }
}
