// The AvaTax surface's records (entities/avatax-draft.ts, entities/avatax-echo.ts) and the ledger's
// documents read with their echoes: a document and its echo share a partition, so one consistent
// Query reads both. Drafts are written here when nothing else changes with them; a draft that moves
// with documents (a commit deletes it, an uncommit writes it) is a companion of the document change
// the transaction store writes (transaction-store.ts).
import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import type { AvataxRepository, EchoedDocument, EchoFacts } from '../../core/avatax/ports';
import type { AvataxDraft, DraftKey, StoredDraft } from '../../core/avatax/records';
import { AtomicWrite } from './atomic-write';
import { staleWrite } from './cancellation';
import { avataxDraftEntity } from './entities/avatax-draft';
import { avataxEchoEntity } from './entities/avatax-echo';
import { transactionEntity } from './entities/transaction';
import { keyFits } from './item-schema';
import { batchGetAll } from './query-page';

type Item = Record<string, unknown>;

export class AvataxStore implements AvataxRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async draft(key: DraftKey): Promise<StoredDraft | null> {
    const k = avataxDraftEntity.key(key);
    if (!keyFits(k)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: k, ConsistentRead: true }));
    return out.Item ? avataxDraftEntity.read(key.tenant, out.Item) : null;
  }

  async drafts(tenant: Tenant, companyCode: string): Promise<StoredDraft[]> {
    const partition = avataxDraftEntity.partition(tenant, companyCode);
    if (!keyFits({ PK: partition, SK: '' })) return [];
    const found: StoredDraft[] = [];
    let start: Item | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': partition, ':prefix': avataxDraftEntity.prefix },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) found.push(avataxDraftEntity.read(tenant, item));
      start = out.LastEvaluatedKey;
    } while (start);
    return found;
  }

  async document(tenant: Tenant, code: string): Promise<EchoedDocument | null> {
    const key = transactionEntity.key(tenant, code);
    if (!keyFits(key)) return null;
    const out = await this.db.send(
      new QueryCommand({ TableName: this.table, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': key.PK }, ConsistentRead: true }),
    );
    return this.pair(out.Items ?? []);
  }

  async documents(tenant: Tenant, codes: readonly string[]): Promise<Map<string, EchoedDocument>> {
    const keys = [...new Set(codes)]
      .map((code) => [transactionEntity.key(tenant, code), avataxEchoEntity.key(tenant, code)] as const)
      .filter(([key]) => keyFits(key));
    const items = await batchGetAll(this.db, this.table, keys.flat());
    const byPartition = new Map<string, Item[]>();
    for (const item of items) {
      const pk = String(item.PK);
      byPartition.set(pk, [...(byPartition.get(pk) ?? []), item]);
    }
    const found = new Map<string, EchoedDocument>();
    for (const code of codes) {
      const pair = this.pair(byPartition.get(transactionEntity.key(tenant, code).PK) ?? []);
      if (pair) found.set(code, pair);
    }
    return found;
  }

  async echoFacts(tenant: Tenant, codes: readonly string[]): Promise<Map<string, EchoFacts>> {
    const byPartition = new Map(codes.map((code) => [avataxEchoEntity.key(tenant, code).PK, code]));
    const keys = codes.map((code) => avataxEchoEntity.key(tenant, code)).filter(keyFits);
    const found = new Map<string, EchoFacts>();
    for (const item of await batchGetAll(this.db, this.table, keys)) {
      const code = byPartition.get(String(item.PK));
      if (code !== undefined) found.set(code, avataxEchoEntity.readFacts(item));
    }
    return found;
  }

  async putDraft(draft: AvataxDraft, expectedVersion: number | null): Promise<void> {
    const write = new AtomicWrite().add(avataxDraftEntity.put(this.table, draft, expectedVersion), staleWrite);
    if (expectedVersion === null) write.add(avataxDraftEntity.nextCodeCheck(this.table, draft), staleWrite);
    await write.send(this.db);
  }

  async deleteDraft(key: DraftKey, expectedVersion: number): Promise<void> {
    await new AtomicWrite().add(avataxDraftEntity.delete(this.table, key, expectedVersion), staleWrite).send(this.db);
  }

  async moveDraft(from: DraftKey, fromVersion: number, to: AvataxDraft): Promise<void> {
    await new AtomicWrite()
      .add(avataxDraftEntity.delete(this.table, from, fromVersion), staleWrite)
      .add(avataxDraftEntity.put(this.table, to, null), staleWrite)
      .add(avataxDraftEntity.nextCodeCheck(this.table, to), staleWrite)
      .send(this.db);
  }

  /** A partition's document and echo. */
  private pair(items: readonly Item[]): EchoedDocument | null {
    const document = items.find(transactionEntity.isDocument);
    if (!document) return null;
    const echo = items.find(avataxEchoEntity.isEcho);
    return { stored: transactionEntity.read(document), echo: echo ? avataxEchoEntity.read(echo) : null };
  }
}
