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
  /** A DynamoDB stream of the table's new images (read by the stream consumers below). */
  readonly stream?: 'NEW_IMAGE';
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
  /** Queues the worker sends to itself (e.g. the next attempt of a delivery, delayed). */
  readonly sendsTo?: readonly string[];
  /** The worker loads the tax content artifact (as a route's `content`). */
  readonly content?: boolean;
}

/**
 * A consumer of a table's stream: on AWS a Lambda with a DynamoDB event source whose filter keeps
 * only the records named here; locally the stream poller applies the same filter and hands the
 * handler the same event.
 */
export interface StreamConsumerDef {
  readonly id: string;
  readonly table: string;
  readonly handler: string;
  readonly filter: { readonly eventName: 'INSERT'; readonly entity: string };
  readonly batchSize: number;
  readonly sendsTo: readonly string[];
  /** Project files copied next to its bundle (as a route's `files`). */
  readonly files?: readonly string[];
}

/** Single-table design: generic keys, tenant (account + environment) in every key. */
export const MAIN_TABLE: TableDef = {
  id: 'Main',
  envVar: 'TABLE_NAME',
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'ttl',
  globalIndexes: [{ name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' }],
  // Event records are an outbox: the webhook relay reads them from the stream.
  stream: 'NEW_IMAGE',
};

/**
 * Return summaries (functions/adapters/dynamodb/summary-store.ts), written in the same
 * TransactWriteItems as the documents they count (a transaction may span tables). A table of their
 * own because they need no stream: in the main table every summary update also wrote a stream
 * record the webhook relay had to read past (README, "Benchmarks").
 */
export const SUMMARY_TABLE: TableDef = {
  id: 'Summaries',
  envVar: 'SUMMARY_TABLE_NAME',
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'ttl',
  globalIndexes: [],
};

/**
 * Metered usage (functions/adapters/dynamodb/usage-store.ts): counters per account, environment,
 * key, UTC day and slot, one numeric attribute per billable kind. Updated in the same
 * TransactWriteItems as the document or batch results they count; a table of its own so the
 * operator's monthly export scans usage and nothing else, and no stream reads past it.
 * PK `USAGE#<account>`, SK `<day>#<environment>#<key>#<slot>`.
 */
export const USAGE_TABLE: TableDef = {
  id: 'Usage',
  envVar: 'USAGE_TABLE_NAME',
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'ttl',
  globalIndexes: [],
};

/** Powertools idempotency layout: hash key `id`, TTL `expiration`. */
export const IDEMPOTENCY_TABLE: TableDef = {
  id: 'Idempotency',
  envVar: 'IDEMPOTENCY_TABLE_NAME',
  partitionKey: 'id',
  ttlAttribute: 'expiration',
  globalIndexes: [],
};

export const TABLES: readonly TableDef[] = [MAIN_TABLE, SUMMARY_TABLE, IDEMPOTENCY_TABLE, USAGE_TABLE];

export const BATCH_ITEMS_QUEUE: QueueDef = {
  id: 'BatchItems',
  envVar: 'BATCH_ITEMS_QUEUE_URL',
  worker: 'functions/handlers/workers/batch-items.ts',
  // Each item is a calculation or a recorded document, taxed by the engine.
  content: true,
  visibilityTimeoutSeconds: 60,
  maxReceiveCount: 3,
  batchSize: 10,
};

export const RETURN_JOB_ITEMS_QUEUE: QueueDef = {
  id: 'ReturnJobItems',
  envVar: 'RETURN_JOB_ITEMS_QUEUE_URL',
  worker: 'functions/handlers/workers/return-job-items.ts',
  visibilityTimeoutSeconds: 120,
  maxReceiveCount: 3,
  batchSize: 10,
};

/** One message per webhook delivery attempt; retries are new messages, delayed (functions/application/webhooks.ts). */
export const WEBHOOK_DELIVERIES_QUEUE: QueueDef = {
  id: 'WebhookDeliveries',
  envVar: 'WEBHOOK_DELIVERIES_QUEUE_URL',
  worker: 'functions/handlers/workers/webhook-deliveries.ts',
  // Ten attempts of at most 10 s each run in parallel: a 15 s worker, six times that visible.
  visibilityTimeoutSeconds: 90,
  // Retries of a delivery are scheduled messages; receives beyond the first only follow crashes.
  maxReceiveCount: 5,
  batchSize: 10,
  sendsTo: ['WebhookDeliveries'],
};

export const QUEUES: readonly QueueDef[] = [BATCH_ITEMS_QUEUE, RETURN_JOB_ITEMS_QUEUE, WEBHOOK_DELIVERIES_QUEUE];

/** New event records (entity `event`) become webhook deliveries, one per subscribed endpoint. */
export const WEBHOOK_RELAY: StreamConsumerDef = {
  id: 'WebhookRelay',
  table: MAIN_TABLE.id,
  handler: 'functions/handlers/streams/webhook-relay.ts',
  filter: { eventName: 'INSERT', entity: 'event' },
  batchSize: 100,
  sendsTo: ['WebhookDeliveries'],
};

/**
 * Changed documents move their states' economic nexus exposure: new event records of documents
 * have the exposures of the states they ship to evaluated, and an alert event written once per
 * state and period (application/nexus.ts). Off the commit's path, so a commit pays nothing for it.
 */
export const NEXUS_WATCH: StreamConsumerDef = {
  id: 'NexusWatch',
  table: MAIN_TABLE.id,
  handler: 'functions/handlers/streams/nexus-watch.ts',
  filter: { eventName: 'INSERT', entity: 'event' },
  batchSize: 100,
  sendsTo: [],
  files: ['content/nexus-rules.json'],
};

export const STREAM_CONSUMERS: readonly StreamConsumerDef[] = [WEBHOOK_RELAY, NEXUS_WATCH];

/**
 * A consumer of the functions' log group: on AWS a Lambda fed by a CloudWatch Logs subscription
 * filter with this pattern; locally the runner's journal tailer (lib/local/journal-tailer.ts) hands
 * the handler the same event shape (`awslogs.data`, base64 gzip JSON).
 */
export interface LogConsumerDef {
  readonly id: string;
  readonly handler: string;
  /** CloudWatch Logs filter pattern selecting the lines the consumer receives. */
  readonly filterPattern: string;
}

/**
 * Sums the usage journal (calculations' and estimates' units: functions/core/usage/journal.ts) into
 * the usage table. The pattern selects the journal's lines by their mark, `usage_unit` (the format's
 * version), which no other line has at top level.
 */
export const USAGE_LOG_WORKER: LogConsumerDef = {
  id: 'UsageLogWorker',
  handler: 'functions/handlers/workers/usage-log.ts',
  filterPattern: '{ $.usage_unit = 1 }',
};

export const LOG_CONSUMERS: readonly LogConsumerDef[] = [USAGE_LOG_WORKER];

/**
 * Where published content versions live on AWS (a versioned S3 bucket): the refresh function
 * writes each artifact under `artifactPrefix` (named by its build id) and then the pointer, so a
 * reader never sees a pointer to an artifact not yet written; the calculation functions read the
 * pointer (at most every `checkSeconds`) and load the artifact it names without a redeploy. The
 * refreshed source files are kept under `dataPrefix`, so the next refresh diffs against them.
 */
export const CONTENT_STORE = {
  envVar: 'CONTENT_BUCKET',
  prefix: 'content/',
  pointerKey: 'content/current.json',
  artifactPrefix: 'content/artifacts/',
  dataPrefix: 'content/data/',
  /** How often a running function looks for a new version (seconds; CONTENT_CHECK_SECONDS overrides). */
  checkSeconds: 60,
} as const;

/** The pointer object: the build id and key of the artifact in force, and when it was published. */
export interface ContentPointer {
  readonly build: string;
  readonly key: string;
  readonly version: string;
  readonly published_at: string;
}

/** The metrics the scheduled refresh emits (namespace and one metric per problem kind and outcome). */
export const CONTENT_REFRESH_METRICS = {
  namespace: 'SalesTax/ContentRefresh',
  late: 'LateFiles',
  unreadable: 'UnreadableFiles',
  implausible: 'RefusedChanges',
  failed: 'FailedRuns',
  published: 'PublishedVersions',
} as const;
