// Webhook endpoints (entities/webhook-endpoint.ts) and delivery state in the main table. A
// delivery's state is an entry of its event record's `deliveries` map (entities/event.ts, keyed by
// endpoint id), so GET /events reads events and their delivery states in the same Queries; every
// change of the map raises the record's `rev`. While any entry is pending, failing or
// dead-lettered the record is listed in the tenant's attention list, which is what the operations
// signals count.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, QueryCommand, type QueryCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import { decodeCursor, encodeCursor, type Page, type PageRequest } from '../../core/lists/paging';
import { type Delivery, needsAttention, OPEN_STATES } from '../../core/webhooks/delivery';
import type { WebhookEndpoint } from '../../core/webhooks/endpoint';
import type { EventRef, StoredEventRecord, WebhookSignals, WebhookStore } from '../../core/webhooks/ports';
import { webhookWork } from '../../core/work/pending-work';
import { AtomicWrite } from './atomic-write';
import { EVENT_SHARDS, eventEntity } from './entities/event';
import { LIST_INDEX, LIST_PK, LIST_SK } from './entities/list-index';
import { pendingWorkEntity } from './entities/pending-work';
import { webhookEndpointEntity } from './entities/webhook-endpoint';

const conditionFailed = (error: unknown) => error instanceof ConditionalCheckFailedException || (error as Error).name === 'ConditionalCheckFailedException';

const isCursor = (p: unknown): p is { before: string } =>
  typeof p === 'object' && p !== null && !Array.isArray(p) && Object.keys(p).length === 1 && typeof (p as { before?: unknown }).before === 'string';

export class DynamoWebhookStore implements WebhookStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** The endpoint, and the tenant registered for the sweeper (its deliveries are work that must not be lost), in one write. */
  async createEndpoint(tenant: Tenant, endpoint: WebhookEndpoint): Promise<void> {
    await new AtomicWrite()
      .add({ Put: { TableName: this.table, Item: webhookEndpointEntity.item(tenant, endpoint), ConditionExpression: 'attribute_not_exists(PK)' } })
      .add(pendingWorkEntity.put(this.table, webhookWork(tenant, endpoint.created_at)))
      .sendAsIs(this.db);
  }

  async listEndpoints(tenant: Tenant): Promise<WebhookEndpoint[]> {
    // Consistent: a deleted endpoint gets no new deliveries from the next event on.
    const { partition, prefix } = webhookEndpointEntity.collection(tenant);
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': partition, ':p': prefix },
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map(webhookEndpointEntity.read);
  }

  async getEndpoint(tenant: Tenant, id: string): Promise<WebhookEndpoint | undefined> {
    if (id.length > 200) return undefined;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: webhookEndpointEntity.key(tenant, id), ConsistentRead: true }));
    return out.Item ? webhookEndpointEntity.read(out.Item) : undefined;
  }

  async deleteEndpoint(tenant: Tenant, id: string): Promise<boolean> {
    if (id.length > 200) return false;
    try {
      await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: webhookEndpointEntity.key(tenant, id),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      );
      return true;
    } catch (error) {
      if (conditionFailed(error)) return false;
      throw error;
    }
  }

  async rotateSecret(
    tenant: Tenant,
    id: string,
    secret: string,
    at: string,
    previousExpiresAt: string,
    submission?: string,
  ): Promise<{ endpoint: WebhookEndpoint; rotated: boolean } | undefined> {
    if (id.length > 200) return undefined;
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: webhookEndpointEntity.key(tenant, id),
          UpdateExpression: `SET previous_secret = secret, secret = :s, previous_secret_expires_at = :exp, secret_rotated_at = :at${submission ? ', rotation_submission = :sub' : ''}`,
          // A repeat of the rotation that made the current secret must not make another: the secret
          // before it would stop signing at once, while receivers still verify with it.
          ConditionExpression: submission
            ? 'attribute_exists(PK) AND (attribute_not_exists(rotation_submission) OR rotation_submission <> :sub)'
            : 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':s': secret, ':exp': previousExpiresAt, ':at': at, ...(submission ? { ':sub': submission } : {}) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { endpoint: webhookEndpointEntity.read(out.Attributes), rotated: true };
    } catch (error) {
      if (!conditionFailed(error)) throw error;
      if (!submission) return undefined;
      const found = await this.db.send(new GetCommand({ TableName: this.table, Key: webhookEndpointEntity.key(tenant, id), ConsistentRead: true }));
      return found.Item && found.Item.rotation_submission === submission ? { endpoint: webhookEndpointEntity.read(found.Item), rotated: false } : undefined;
    }
  }

  async recordHealth(
    tenant: Tenant,
    id: string,
    change: { readonly ok: true } | { readonly ok: false; readonly at: string; readonly disableBefore: string },
  ): Promise<void> {
    const Key = webhookEndpointEntity.key(tenant, id);
    try {
      if (change.ok) {
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key,
            UpdateExpression: 'SET failing_since = :null',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':null': null },
          }),
        );
        return;
      }
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key,
          UpdateExpression: 'SET failing_since = if_not_exists(failing_since, :at)',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':at': change.at },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const since = out.Attributes?.failing_since;
      // Older records carry failing_since = null (cleared by a success): the update above left it.
      if (since === null) {
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key,
            UpdateExpression: 'SET failing_since = :at',
            ConditionExpression: 'failing_since = :null',
            ExpressionAttributeValues: { ':at': change.at, ':null': null },
          }),
        );
        return;
      }
      if (typeof since === 'string' && since < change.disableBefore && out.Attributes?.status === 'enabled')
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key,
            UpdateExpression: 'SET #status = :disabled, disabled_reason = :reason, disabled_at = :at',
            ConditionExpression: '#status = :enabled',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':disabled': 'disabled',
              ':enabled': 'enabled',
              ':at': change.at,
              ':reason': `Every delivery attempt failed since ${since}; enable it again by creating a new endpoint.`,
            },
          }),
        );
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
  }

  async listEvents(
    tenant: Tenant,
    filter: { readonly type?: string | undefined; readonly since: string },
    page: PageRequest,
  ): Promise<Page<StoredEventRecord>> {
    const before = decodeCursor(page.cursor, isCursor)?.before;
    const upper = before ?? '~';
    const perShard = await Promise.all(
      Array.from({ length: EVENT_SHARDS }, async (_, shard) => {
        const items: Record<string, unknown>[] = [];
        let start: Record<string, unknown> | undefined;
        do {
          const out = await this.db.send(
            new QueryCommand({
              TableName: this.table,
              KeyConditionExpression: 'PK = :pk AND SK BETWEEN :since AND :upper',
              FilterExpression: `entity = :event${filter.type ? ' AND #type = :type' : ''}`,
              ExpressionAttributeValues: {
                ':pk': eventEntity.partition(tenant, shard),
                ':since': filter.since,
                ':upper': upper,
                ':event': eventEntity.type,
                ...(filter.type ? { ':type': filter.type } : {}),
              },
              ...(filter.type ? { ExpressionAttributeNames: { '#type': 'type' } } : {}),
              ScanIndexForward: false,
              Limit: page.limit + 1,
              ExclusiveStartKey: start,
            }),
          );
          // The cursor's own record is the last one shown: the page starts after it.
          items.push(...(out.Items ?? []).filter((item) => item.SK !== upper));
          start = out.LastEvaluatedKey;
        } while (start && items.length <= page.limit);
        return { items, more: start !== undefined };
      }),
    );
    const merged = perShard.flatMap((s) => s.items).sort((a, b) => String(b.SK).localeCompare(String(a.SK)));
    const data = merged.slice(0, page.limit).map(eventEntity.read);
    const more = merged.length > page.limit || perShard.some((s) => s.more);
    return { data, next_cursor: more && data.length > 0 ? encodeCursor({ before: data[data.length - 1]!.ref.sk }) : null };
  }

  async findEvent(tenant: Tenant, id: string): Promise<StoredEventRecord | undefined> {
    const ms = eventEntity.instantOf(id);
    if (ms === null) return undefined;
    // The record's sort key starts with its instant (any RFC 3339 form within the second around it).
    const from = new Date(ms - 1000).toISOString();
    const to = `${new Date(ms + 1000).toISOString()}~`;
    const items = await this.queryEvery({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      FilterExpression: 'id = :id',
      ExpressionAttributeValues: { ':pk': eventEntity.partition(tenant, eventEntity.shard(id)), ':from': from, ':to': to, ':id': id },
      ConsistentRead: true,
    });
    return items[0] ? eventEntity.read(items[0]) : undefined;
  }

  async openEvents(tenant: Tenant): Promise<StoredEventRecord[]> {
    const events = await this.attentionEvents(tenant);
    return events.filter((event) => Object.values(event.deliveries).some((d) => OPEN_STATES.includes(d.state)));
  }

  /** The events in the tenant's attention list: a delivery pending, failing or dead-lettered. */
  private async attentionEvents(tenant: Tenant): Promise<StoredEventRecord[]> {
    const items = await this.queryEvery({
      IndexName: LIST_INDEX,
      KeyConditionExpression: `${LIST_PK} = :pk`,
      ExpressionAttributeValues: { ':pk': eventEntity.attentionList(tenant) },
    });
    return items.map(eventEntity.read);
  }

  async readEvent(tenant: Tenant, ref: EventRef): Promise<StoredEventRecord | undefined> {
    // A delivery names its event by keys; they must be this tenant's event keys.
    if (!eventEntity.isPartitionOf(tenant, ref.pk)) return undefined;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: { PK: ref.pk, SK: ref.sk }, ConsistentRead: true }));
    return out.Item && out.Item.entity === eventEntity.type ? eventEntity.read(out.Item) : undefined;
  }

  async writeDeliveries(
    tenant: Tenant,
    event: StoredEventRecord,
    deliveries: Readonly<Record<string, Delivery>>,
    expectedRev: number | undefined,
  ): Promise<boolean> {
    const attention = needsAttention(deliveries);
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { PK: event.ref.pk, SK: event.ref.sk },
          UpdateExpression: `SET deliveries = :d, delivery = :relayed, rev = if_not_exists(rev, :zero) + :one${attention ? `, ${LIST_PK} = :gpk, ${LIST_SK} = :gsk` : ''}`,
          ConditionExpression: expectedRev === undefined ? 'attribute_exists(PK) AND attribute_not_exists(deliveries)' : 'rev = :rev',
          ExpressionAttributeValues: {
            ':d': deliveries,
            ':relayed': 'relayed',
            ':zero': 0,
            ':one': 1,
            ...(attention ? { ':gpk': eventEntity.attentionList(tenant), ':gsk': `${event.created_at}#${event.id}` } : {}),
            ...(expectedRev === undefined ? {} : { ':rev': expectedRev }),
          },
        }),
      );
      return true;
    } catch (error) {
      if (conditionFailed(error)) return false;
      throw error;
    }
  }

  async transition(tenant: Tenant, ref: EventRef, endpointId: string, from: Delivery, to: Delivery): Promise<StoredEventRecord | undefined> {
    let after: StoredEventRecord;
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { PK: ref.pk, SK: ref.sk },
          UpdateExpression: 'SET deliveries.#e = :to ADD rev :one',
          ConditionExpression: 'deliveries.#e.attempts = :a AND deliveries.#e.generation = :g AND deliveries.#e.#state = :s',
          ExpressionAttributeNames: { '#e': endpointId, '#state': 'state' },
          ExpressionAttributeValues: { ':to': to, ':one': 1, ':a': from.attempts, ':g': from.generation, ':s': from.state },
          ReturnValues: 'ALL_NEW',
        }),
      );
      after = eventEntity.read(out.Attributes);
      if (!needsAttention(after.deliveries) && out.Attributes?.[LIST_PK] === eventEntity.attentionList(tenant)) {
        // Leaves the attention index unless another change came in between (it decides then).
        await this.db
          .send(
            new UpdateCommand({
              TableName: this.table,
              Key: { PK: ref.pk, SK: ref.sk },
              UpdateExpression: `REMOVE ${LIST_PK}, ${LIST_SK}`,
              ConditionExpression: 'rev = :rev',
              ExpressionAttributeValues: { ':rev': after.rev },
            }),
          )
          .catch((error) => {
            if (!conditionFailed(error)) throw error;
          });
      }
    } catch (error) {
      if (conditionFailed(error)) return undefined;
      throw error;
    }
    return after;
  }

  private async queryEvery(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.db.send(new QueryCommand({ ...input, TableName: this.table, ExclusiveStartKey: start }));
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  }

  async signals(tenant: Tenant): Promise<WebhookSignals & { readonly endpoints: number }> {
    const endpoints = webhookEndpointEntity.collection(tenant);
    const [counted, attention] = await Promise.all([
      this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': endpoints.partition, ':p': endpoints.prefix },
          Select: 'COUNT',
        }),
      ),
      this.attentionEvents(tenant),
    ]);
    let pending = 0;
    let failing = 0;
    let deadLettered = 0;
    let oldestPendingCreatedAt: string | null = null;
    for (const event of attention) {
      for (const d of Object.values(event.deliveries)) {
        if (d.state === 'pending') pending++;
        else if (d.state === 'failing') failing++;
        else if (d.state === 'dead_lettered') deadLettered++;
        if (OPEN_STATES.includes(d.state) && (oldestPendingCreatedAt === null || event.created_at < oldestPendingCreatedAt))
          oldestPendingCreatedAt = event.created_at;
      }
    }
    return { endpoints: counted.Count ?? 0, pending, failing, deadLettered, oldestPendingCreatedAt };
  }
}

/**
 * The tenant and event record of a stream image (a new item of the table, unmarshalled), or null
 * when it is not an event record of a tenant's event partition.
 */
export function eventFromStreamImage(image: Record<string, unknown>): { tenant: Tenant; event: StoredEventRecord } | null {
  if (image.entity !== eventEntity.type || typeof image.PK !== 'string') return null;
  const tenant = eventEntity.tenantOf(image.PK);
  return tenant ? { tenant, event: eventEntity.read(image) } : null;
}
