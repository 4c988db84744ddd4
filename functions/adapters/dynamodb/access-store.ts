// API keys, accounts and practices in DynamoDB. A key is two items written together: the lookup
// item keyed by the SHA-256 of the secret (what authentication reads) and a listing entry under its
// owner (what administration lists and revokes by id). The secret itself is never stored.
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { AccountRecord, ApiKeyRecord, Engagement, PracticeRecord } from '../../core/access/records';
import { DomainError } from '../../core/errors';
import { environmentOf, KEY_PREFIX, keys } from './keys';
import { queryAll } from './query-page';

type Item = Record<string, unknown>;

function toKey(item: Item): ApiKeyRecord {
  return {
    id: String(item.keyId),
    kind: item.kind === 'provider' ? 'provider' : 'account',
    accountId: (item.accountId as string | undefined) ?? null,
    practiceId: (item.practiceId as string | undefined) ?? null,
    environment: environmentOf(item.environment),
    scopes: (item.scopes as string[] | undefined) ?? [],
    locationCode: (item.locationCode as string | undefined) ?? null,
    engagementIds: (item.engagementIds as number[] | undefined) ?? null,
    status: item.status === 'revoked' ? 'revoked' : 'active',
    expiresAt: (item.expiresAt as string | undefined) ?? null,
    name: String(item.name ?? ''),
    prefix: String(item.prefix ?? ''),
    createdAt: String(item.createdAt ?? ''),
    gatewayKeyId: (item.gatewayKeyId as string | undefined) ?? null,
  };
}

function keyAttributes(key: ApiKeyRecord, hash: string): Item {
  return {
    entity: 'api_key',
    keyId: key.id,
    keyHash: hash,
    kind: key.kind,
    accountId: key.accountId ?? undefined,
    practiceId: key.practiceId ?? undefined,
    environment: key.environment,
    scopes: [...key.scopes],
    locationCode: key.locationCode ?? undefined,
    engagementIds: key.engagementIds ? [...key.engagementIds] : undefined,
    status: key.status,
    expiresAt: key.expiresAt ?? undefined,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt,
    gatewayKeyId: key.gatewayKeyId ?? undefined,
  };
}

const ownerPkOf = (key: ApiKeyRecord): string =>
  key.kind === 'provider' ? keys.practiceOwner(key.practiceId ?? '') : keys.accountOwner(key.accountId ?? '');

export class AccessStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  // Key, account and practice reads are consistent (a key issued a moment ago works at once) and
  // cheap: the authenticator caches them.
  async keyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.apiKey(hash), ConsistentRead: true }));
    return out.Item ? toKey(out.Item) : null;
  }

  async account(accountId: string): Promise<AccountRecord | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.accountProfile(accountId), ConsistentRead: true }));
    const item = out.Item;
    if (!item) return null;
    return {
      id: accountId,
      name: String(item.name ?? ''),
      modules: (item.modules as string[] | undefined) ?? [],
      rateLimits: (item.rateLimits as AccountRecord['rateLimits'] | undefined) ?? {},
    };
  }

  async practice(practiceId: string): Promise<PracticeRecord | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.practiceProfile(practiceId), ConsistentRead: true }));
    const item = out.Item;
    if (!item) return null;
    return {
      id: practiceId,
      name: String(item.name ?? ''),
      status: item.status === 'active' ? 'active' : 'inactive',
      engagements: ((item.engagements as Engagement[] | undefined) ?? []).map((e) => ({ ...e, id: Number(e.id) })),
      rateLimits: (item.rateLimits as PracticeRecord['rateLimits'] | undefined) ?? {},
    };
  }

  async putAccount(account: AccountRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...keys.accountProfile(account.id), entity: 'account', name: account.name, modules: [...account.modules], rateLimits: account.rateLimits },
      }),
    );
  }

  async putPractice(practice: PracticeRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.practiceProfile(practice.id),
          entity: 'practice',
          name: practice.name,
          status: practice.status,
          engagements: practice.engagements.map((e) => ({ ...e })),
          rateLimits: practice.rateLimits,
        },
      }),
    );
  }

  async renameAccount(accountId: string, name: string): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.accountProfile(accountId),
        UpdateExpression: 'SET #n = :n',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#n': 'name' },
        ExpressionAttributeValues: { ':n': name },
      }),
    );
  }

  /** Writes both items of a new key atomically; a second key with the same secret is refused. */
  async createKey(key: ApiKeyRecord, hash: string): Promise<void> {
    const attrs = keyAttributes(key, hash);
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.table, Item: { ...keys.apiKey(hash), ...attrs }, ConditionExpression: 'attribute_not_exists(PK)' } },
            { Put: { TableName: this.table, Item: { ...keys.ownerKey(ownerPkOf(key), key.id), ...attrs, keyHash: hash }, ConditionExpression: 'attribute_not_exists(PK)' } },
          ],
        }),
      );
    } catch (error) {
      if (error instanceof TransactionCanceledException) throw new DomainError('conflict', 'A key with this value already exists.');
      throw error;
    }
  }

  async listKeys(ownerPk: string): Promise<ApiKeyRecord[]> {
    return (await queryAll(this.db, this.table, ownerPk, KEY_PREFIX)).map(toKey);
  }


  /** A key listed under its owner, with the hash that finds its lookup item. */
  async ownedKey(ownerPk: string, keyId: string): Promise<{ key: ApiKeyRecord; hash: string } | null> {
    const entry = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.ownerKey(ownerPk, keyId), ConsistentRead: true }));
    return entry.Item ? { key: toKey(entry.Item), hash: String(entry.Item.keyHash) } : null;
  }

  /** Marks both items of a key revoked in one transaction. */
  async revokeKey(ownerPk: string, keyId: string, hash: string, at: string): Promise<void> {
    const update = {
      TableName: this.table,
      UpdateExpression: 'SET #s = :revoked, revokedAt = :at',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':revoked': 'revoked', ':at': at },
    };
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: { ...update, Key: keys.apiKey(hash) } },
          { Update: { ...update, Key: keys.ownerKey(ownerPk, keyId) } },
        ],
      }),
    );
  }
}
