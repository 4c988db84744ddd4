// Table and queue definitions, shared by the CDK stack and the local runner (which creates the same
// tables in DynamoDB Local and the same queues in the SQS emulator). Handlers find each resource
// through the environment variable named here.

export interface TableDef {
  readonly id: string;
  readonly envVar: string;
  readonly partitionKey: string;
  readonly sortKey?: string;
  readonly ttlAttribute: string;
  readonly globalIndexes: readonly { readonly name: string; readonly partitionKey: string; readonly sortKey: string }[];
}

export interface QueueDef {
  readonly id: string;
  readonly envVar: string;
  readonly visibilityTimeoutSeconds: number;
  /** Receives before a message moves to the dead-letter queue. */
  readonly maxReceiveCount: number;
  /** Worker handler module (exports `handler` taking an SQS event), if the queue has one yet. */
  readonly worker?: string;
  readonly batchSize: number;
}

/** Single-table design: generic keys, tenant (account + environment) in every key. */
export const MAIN_TABLE: TableDef = {
  id: 'Main',
  envVar: 'TABLE_NAME',
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'ttl',
  globalIndexes: [{ name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' }],
};

/** Powertools idempotency layout: hash key `id`, TTL `expiration`. */
export const IDEMPOTENCY_TABLE: TableDef = {
  id: 'Idempotency',
  envVar: 'IDEMPOTENCY_TABLE_NAME',
  partitionKey: 'id',
  ttlAttribute: 'expiration',
  globalIndexes: [],
};

export const TABLES: readonly TableDef[] = [MAIN_TABLE, IDEMPOTENCY_TABLE];

export const BATCH_ITEMS_QUEUE: QueueDef = {
  id: 'BatchItems',
  envVar: 'BATCH_ITEMS_QUEUE_URL',
  worker: 'functions/batch-items-worker/handler.ts',
  visibilityTimeoutSeconds: 60,
  maxReceiveCount: 3,
  batchSize: 10,
};

export const RETURN_JOB_ITEMS_QUEUE: QueueDef = {
  id: 'ReturnJobItems',
  envVar: 'RETURN_JOB_ITEMS_QUEUE_URL',
  worker: 'functions/return-job-items-worker/handler.ts',
  visibilityTimeoutSeconds: 120,
  maxReceiveCount: 3,
  batchSize: 10,
};

export const QUEUES: readonly QueueDef[] = [BATCH_ITEMS_QUEUE, RETURN_JOB_ITEMS_QUEUE];
