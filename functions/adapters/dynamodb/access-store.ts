// API keys, accounts and practices in DynamoDB. A key is two items written together: the lookup
// item keyed by the SHA-256 of the secret (what authentication reads) and a listing entry under its
// owner (what administration lists and revokes by id). The secret itself is never stored.
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import type { AccessRepository, KeyOwner } from '../../core/access/ports';
import { ENVIRONMENTS, type AccountRecord, type ApiKeyRecord, type PracticeRecord } from '../../core/access/records';
import { DomainError } from '../../core/errors';
import { cancellation } from './cancellation';
import { keyFits, maybe, parseItem } from './item-schema';
import { queryAll } from './query-page';
import { KEY_PREFIX, tableKeys } from './table-keys';

const RateLimitsAttribute = v.optional(
  v.object({ general: v.optional(v.number()), batch_submissions: v.optional(v.number()), estimates: v.optional(v.number()) }),
  {},
);

const KeyItem = v.object({
  keyId: v.string(),
  keyHash: v.string(),
  kind: v.picklist(['account', 'provider']),
  accountId: maybe(v.string()),
  practiceId: maybe(v.string()),
  environment: v.picklist(ENVIRONMENTS),
  scopes: v.array(v.string()),
  locationCode: maybe(v.string()),
  engagementIds: maybe(v.array(v.number())),
  status: v.picklist(['active', 'revoked']),
  expiresAt: maybe(v.string()),
  name: v.string(),
  prefix: v.string(),
  createdAt: v.string(),
  gatewayKeyId: maybe(v.string()),
});

const AccountItem = v.object({ name: v.string(), modules: v.array(v.string()), rateLimits: RateLimitsAttribute });

const PracticeItem = v.object({
  name: v.string(),
  status: v.picklist(['active', 'inactive']),
  engagements: v.array(
    v.object({ id: v.number(), ref: v.string(), clientAccountId: v.string(), status: v.picklist(['usable', 'paused', 'offboarded', 'unavailable']) }),
  ),
  rateLimits: RateLimitsAttribute,
});

function toKey(item: unknown): { key: ApiKeyRecord; hash: string } {
  const k = parseItem(KeyItem, item, 'API key');
  return {
    hash: k.keyHash,
    key: {
      id: k.keyId,
      kind: k.kind,
      accountId: k.accountId ?? null,
      practiceId: k.practiceId ?? null,
      environment: k.environment,
      scopes: k.scopes,
      locationCode: k.locationCode ?? null,
      engagementIds: k.engagementIds ?? null,
      status: k.status,
      expiresAt: k.expiresAt ?? null,
      name: k.name,
      prefix: k.prefix,
      createdAt: k.createdAt,
      gatewayKeyId: k.gatewayKeyId ?? null,
    },
  };
}

function keyAttributes(key: ApiKeyRecord, hash: string) {
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

const ownerPk = (owner: KeyOwner): string => (owner.kind === 'practice' ? tableKeys.practiceOwner(owner.practiceId) : tableKeys.accountOwner(owner.accountId));

const ownerOfKey = (key: ApiKeyRecord): KeyOwner =>
  key.kind === 'provider' ? { kind: 'practice', practiceId: key.practiceId ?? '' } : { kind: 'account', accountId: key.accountId ?? '' };

export class AccessStore implements AccessRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  // Key, account and practice reads are consistent (a key issued a moment ago works at once) and
  // cheap: the authenticator caches them.
  async keyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: tableKeys.apiKey(hash), ConsistentRead: true }));
    return out.Item ? toKey(out.Item).key : null;
  }

  async account(accountId: string): Promise<AccountRecord | null> {
    const key = tableKeys.accountProfile(accountId);
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    if (!out.Item) return null;
    const item = parseItem(AccountItem, out.Item, 'account');
    return { id: accountId, name: item.name, modules: item.modules, rateLimits: item.rateLimits };
  }

  async practice(practiceId: string): Promise<PracticeRecord | null> {
    const key = tableKeys.practiceProfile(practiceId);
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    if (!out.Item) return null;
    const item = parseItem(PracticeItem, out.Item, 'practice');
    return { id: practiceId, name: item.name, status: item.status, engagements: item.engagements, rateLimits: item.rateLimits };
  }

  async putAccount(account: AccountRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...tableKeys.accountProfile(account.id), entity: 'account', name: account.name, modules: [...account.modules], rateLimits: account.rateLimits },
      }),
    );
  }

  async putPractice(practice: PracticeRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...tableKeys.practiceProfile(practice.id),
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
        Key: tableKeys.accountProfile(accountId),
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
    const duplicate = () => new DomainError('conflict', 'A key with this value already exists.');
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.table, Item: { ...tableKeys.apiKey(hash), ...attrs }, ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Put: {
                TableName: this.table,
                Item: { ...tableKeys.ownerKey(ownerPk(ownerOfKey(key)), key.id), ...attrs },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
    } catch (error) {
      throw cancellation(error, [duplicate, duplicate]);
    }
  }

  async listKeys(owner: KeyOwner): Promise<ApiKeyRecord[]> {
    return (await queryAll(this.db, this.table, ownerPk(owner), KEY_PREFIX)).map((item) => toKey(item).key);
  }

  async ownedKey(owner: KeyOwner, keyId: string): Promise<{ key: ApiKeyRecord; hash: string } | null> {
    const key = tableKeys.ownerKey(ownerPk(owner), keyId);
    if (!keyFits(key)) return null;
    const entry = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return entry.Item ? toKey(entry.Item) : null;
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
    const gone = () => new DomainError('not_found', 'No key with this id exists.');
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [{ Update: { ...update, Key: tableKeys.apiKey(hash) } }, { Update: { ...update, Key: tableKeys.ownerKey(ownerPk(owner), keyId) } }],
        }),
      );
    } catch (error) {
      throw cancellation(error, [gone, gone]);
    }
  }
}
