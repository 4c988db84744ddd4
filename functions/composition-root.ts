// The one place where the process is wired: AWS clients, the stores that implement the core's
// ports, and the application services over them. Everything is created on first use, not at
// import, so a function pays only for what its route touches and a misconfiguration surfaces on
// the first call that needs it. Each accessor is its own export so a bundle keeps only the ones
// its handler calls.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { usageKeyRegistry } from './adapters/apigateway/usage-keys';
import { heldBuild, installContent, taxContent } from './adapters/content/content-file';
import { ContentReloader, type PublishedContent } from './adapters/content/content-reload';
import { filePublishedContent } from './adapters/content/file-published-content';
import { nexusRules } from './adapters/content/nexus-rules-file';
import { s3PublishedContent } from './adapters/content/s3-published-content';
import { zipCentroids } from './adapters/content/zip-centroids-file';
import { AccessStore } from './adapters/dynamodb/access-store';
import { AvataxStore } from './adapters/dynamodb/avatax-store';
import { BatchStore } from './adapters/dynamodb/batch-store';
import { CertificateStore } from './adapters/dynamodb/certificate-store';
import { CustomerStore } from './adapters/dynamodb/customer-store';
import { DeclaredExemptionStore } from './adapters/dynamodb/declared-exemption-store';
import { DeploymentSecretStore } from './adapters/dynamodb/deployment-secret-store';
import { withLocalCommitBarrier } from './adapters/dynamodb/local-commit-barrier';
import { NexusStore } from './adapters/dynamodb/nexus-store';
import { PendingWorkStore } from './adapters/dynamodb/pending-work-store';
import { DynamoRateCounter } from './adapters/dynamodb/rate-counter';
import { SummaryStore } from './adapters/dynamodb/summary-store';
import { TenantStore } from './adapters/dynamodb/tenant-store';
import { TransactionStore } from './adapters/dynamodb/transaction-store';
import { UsageStore } from './adapters/dynamodb/usage-store';
import { DynamoWebhookStore } from './adapters/dynamodb/webhook-store';
import { withFaults } from './adapters/faults';
import { fileJournal, JOURNAL_FILE_ENV, runnerBacklog, stdoutJournal } from './adapters/logs/usage-journal';
import { SqsBatchQueue } from './adapters/sqs/batch-queue';
import { SqsDeliveryQueue } from './adapters/sqs/delivery-queue';
import { httpTransport } from './adapters/webhooks/http-transport';
import { systemResolver } from './adapters/webhooks/target-guard';
import type { AccountPorts } from './application/account';
import { Authenticator } from './application/authentication';
import { Authorizer } from './application/authorization';
import type { AvataxCertificatePorts } from './application/avatax/certificates';
import type { AvataxCompanyPorts } from './application/avatax/companies';
import type { AvataxCustomerPorts } from './application/avatax/customers';
import type { AvataxTransactionPorts } from './application/avatax/transactions';
import { type BatchItemPorts, type BatchPorts, sweepBatch } from './application/batches';
import { type CertificatePorts, storedCertificateResolver } from './application/certificates';
import { type ContentService, contentService } from './application/content';
import { Cursors } from './application/cursors';
import type { CustomerPorts } from './application/customers';
import type { DeclaredExemptionPorts } from './application/declared-exemptions';
import type { EngineContextPorts } from './application/engine-context';
import type { KeyPorts } from './application/keys';
import { type NexusPorts, sweepNexusTest } from './application/nexus';
import type { ProviderPorts } from './application/provider';
import { RateLimiter } from './application/rate-limiting';
import type { ReturnPorts } from './application/returns';
import type { SweeperPorts } from './application/sweeper';
import type { TaxjarCustomerPorts } from './application/taxjar/customers';
import type { TaxjarTaxPorts } from './application/taxjar/taxes';
import { TenantConfigs } from './application/tenant-configs';
import type { DocumentPorts, TransactionPorts } from './application/transactions';
import { sweepDeliveries, type WebhookPorts } from './application/webhooks';
import type { Tenant } from './core/access/records';
import type { BatchKind } from './core/batches/batch';
import { CONTENT_STORE } from './manifest/resources';
import { config } from './shared/config';
import { logger } from './shared/powertools';
import { traced } from './shared/tracer';

/** The stage the process serves (fault injection is refused on `prod`). */
const stage = (): string | undefined => process.env.STX_STAGE;

/** Creates a value on first call and returns the same one after. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

// --- clients --------------------------------------------------------------------------------------

let dynamoCalls = 0;

/** DynamoDB requests this process has sent (benchmarks and call-count tests read it). */
export const dynamoCallCount = (): number => dynamoCalls;

/**
 * The SDK's logger middleware builds a redacted copy of every input and output for the client's
 * logger, even the default one that discards it (about 0.15 ms of a commit's CPU); the clients
 * here are given no logger, so it goes.
 */
function withoutSdkLogging<C extends { middlewareStack: { remove(name: string): boolean } }>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

/** Locally the SDK reaches DynamoDB Local through AWS_ENDPOINT_URL_DYNAMODB: no code path differs from Lambda's. */
export const dynamoClient = /* @__PURE__ */ once(() => {
  const client = traced(withFaults(withoutSdkLogging(new DynamoDBClient({ maxAttempts: 4 })), 'dynamodb', stage));
  // Only the local runner sets it: DynamoDB Local acknowledges transactions before committing them.
  if (process.env.STX_DYNAMODB_LOCAL === '1') withLocalCommitBarrier(client, withoutSdkLogging(new DynamoDBClient({ maxAttempts: 4 })));
  client.middlewareStack.add(
    (next) => async (args) => {
      dynamoCalls++;
      return next(args);
    },
    { step: 'initialize', name: 'countDynamoCalls' },
  );
  return client;
});

/** Locally the SDK reaches the SQS emulator through AWS_ENDPOINT_URL_SQS. */
export const sqsClient = /* @__PURE__ */ once(() => traced(withFaults(withoutSdkLogging(new SQSClient({ maxAttempts: 4 })), 'sqs', stage)));

export const docClient = /* @__PURE__ */ once(() =>
  DynamoDBDocumentClient.from(dynamoClient(), { marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false } }),
);

// --- stores (the core's ports) ----------------------------------------------------------------------

const table = (): string => config().tableName;

export const accessStore = /* @__PURE__ */ once(() => new AccessStore(docClient(), table()));
export const tenantStore = /* @__PURE__ */ once(() => new TenantStore(docClient(), table()));
export const customerStore = /* @__PURE__ */ once(() => new CustomerStore(docClient(), table()));
export const certificateStore = /* @__PURE__ */ once(() => new CertificateStore(docClient(), table()));
export const rateCounter = /* @__PURE__ */ once(() => new DynamoRateCounter(docClient(), table()));
export const transactionStore = (tenant: Tenant): TransactionStore =>
  new TransactionStore(docClient(), table(), config().summaryTableName, tenant, config().usageTableName);
export const batchStore = (tenant: Tenant): BatchStore => new BatchStore(docClient(), table(), tenant, config().usageTableName);
export const usageStore = /* @__PURE__ */ once(() => new UsageStore(docClient(), config().usageTableName));
/**
 * Where calculations and estimates record their units (application/usage.ts): stdout on Lambda
 * (CloudWatch Logs, summed by the usage-log worker), the runner's journal file locally.
 */
export const usageJournal = /* @__PURE__ */ once(() =>
  !process.env.AWS_LAMBDA_FUNCTION_NAME && process.env[JOURNAL_FILE_ENV] ? fileJournal() : stdoutJournal(),
);
/** The journal lines a usage read waits for: the local runner's backlog; nothing on AWS. */
export const usageBacklog = /* @__PURE__ */ once(() => (process.env.AWS_LAMBDA_FUNCTION_NAME ? undefined : runnerBacklog()));
export const batchQueue = /* @__PURE__ */ once(() => new SqsBatchQueue(sqsClient(), () => config().queueUrl('BatchItems')));
export const returnJobQueue = /* @__PURE__ */ once(() => new SqsBatchQueue(sqsClient(), () => config().queueUrl('ReturnJobItems')));
export const summaryStore = (tenant: Tenant): SummaryStore => new SummaryStore(docClient(), config().summaryTableName, tenant, table());
export const webhookStore = /* @__PURE__ */ once(() => new DynamoWebhookStore(docClient(), table()));
export const deliveryQueue = /* @__PURE__ */ once(() => new SqsDeliveryQueue(sqsClient(), () => config().queueUrl('WebhookDeliveries')));
export const webhookTransport = /* @__PURE__ */ once(() => httpTransport({ sandboxLoopback: config().webhooks.sandboxLoopback }, systemResolver));
export const usageKeys = /* @__PURE__ */ once(() => usageKeyRegistry(config().usagePlanNamePrefix));
/** The AvaTax surface's drafts and echoes (core/avatax/records.ts), in the main table. */
export const avataxStore = /* @__PURE__ */ once(() => new AvataxStore(docClient(), table()));

// --- process-wide caches and request checks -------------------------------------------------------

export const authenticator = /* @__PURE__ */ once(() => new Authenticator(accessStore(), config().authCacheMs));
export const authorizer = /* @__PURE__ */ once(() => new Authorizer(authenticator()));
export const rateLimiter = /* @__PURE__ */ once(() => new RateLimiter(rateCounter(), config().limits));
export const tenantConfigs = /* @__PURE__ */ once(() => new TenantConfigs(tenantStore(), config().authCacheMs));
/** List cursors sealed with the deployment's own key (made on first use, kept in the table). */
export const cursors = /* @__PURE__ */ once(() => new Cursors(new DeploymentSecretStore(docClient(), table())));

// --- the ports of the application services, in the bundles their use cases need --------------------
// A handler passes the smallest bundle its use case takes (e.g. `documentPorts` to look a document
// up, `transactionPorts` to commit one), so its function bundles only those adapters.

export const engineContextPorts = /* @__PURE__ */ once(
  (): EngineContextPorts => ({
    content: taxContent,
    tenantConfigs: tenantConfigs(),
    catalog: tenantStore(),
    certificates: storedCertificateResolver(certificateStore()),
  }),
);
export const transactionPorts = /* @__PURE__ */ once((): TransactionPorts => ({ documents: transactionStore, engine: engineContextPorts() }));
export const documentPorts = /* @__PURE__ */ once((): DocumentPorts => ({ documents: transactionStore }));
export const customerPorts = /* @__PURE__ */ once((): CustomerPorts => ({ customers: customerStore(), tenantConfigs: tenantConfigs() }));
export const certificatePorts = /* @__PURE__ */ once((): CertificatePorts => ({ certificates: certificateStore(), customers: customerStore() }));
export const declaredExemptionPorts = /* @__PURE__ */ once(
  (): DeclaredExemptionPorts => ({
    declared: (tenant) => new DeclaredExemptionStore(docClient(), table(), tenant),
    customers: customerStore(),
    certificates: certificateStore(),
  }),
);
export const accessPorts = /* @__PURE__ */ once((): Pick<KeyPorts, 'access'> => ({ access: accessStore() }));
export const keyPorts = /* @__PURE__ */ once(
  (): KeyPorts => ({ access: accessStore(), tenants: tenantStore(), usageKeys: usageKeys(), authenticator: authenticator() }),
);
export const accountPorts = /* @__PURE__ */ once(
  (): Omit<AccountPorts, 'taxCode'> => ({ access: accessStore(), tenants: tenantStore(), tenantConfigs: tenantConfigs(), authenticator: authenticator() }),
);
/** The SKU catalog checks tax codes against the content. */
export const catalogPorts = /* @__PURE__ */ once(
  (): Pick<AccountPorts, 'tenants' | 'taxCode'> => ({ tenants: tenantStore(), taxCode: (code) => taxContent().taxCode(code) }),
);
export const batchPorts = /* @__PURE__ */ once(
  (): BatchPorts => ({ batches: batchStore, queue: batchQueue(), settings: { deadlineSeconds: config().batchDeadlineSeconds } }),
);
/** Return jobs are batches of summaries, queued to their own worker. */
export const returnJobPorts = /* @__PURE__ */ once(
  (): BatchPorts => ({ batches: batchStore, queue: returnJobQueue(), settings: { deadlineSeconds: config().batchDeadlineSeconds } }),
);
/** Economic nexus: its rules file is read on first use, so only the functions that measure load it. */
export const nexusPorts = /* @__PURE__ */ once(
  (): NexusPorts => ({
    // The summaries table alone: those of the main table were last written before summaries kept
    // day sales, so they hold none, and reading them would double the keys of every answer.
    nexus: (tenant) =>
      new NexusStore(docClient(), table(), tenant, new SummaryStore(docClient(), config().summaryTableName, tenant), config().summaryTableName),
    documents: transactionStore,
    rules: nexusRules,
    tenants: tenantStore(),
    tenantConfigs: tenantConfigs(),
  }),
);
export const returnPorts = /* @__PURE__ */ once((): ReturnPorts => ({ summaries: summaryStore, tenantConfigs: tenantConfigs() }));
/** What a batch worker runs items with; the worker adds how item requests are validated. */
export const batchItemPorts = /* @__PURE__ */ once((): Omit<BatchItemPorts, 'parse'> => ({ transactions: transactionPorts() }));
/** The TaxJar-compatible API: tax requests and orders select the customer's certificates themselves. */
export const taxjarTaxPorts = /* @__PURE__ */ once(
  (): TaxjarTaxPorts => ({ engine: engineContextPorts(), customers: customerStore(), certificates: certificateStore() }),
);
export const taxjarOrderPorts = /* @__PURE__ */ once((): TransactionPorts & TaxjarTaxPorts => ({ ...transactionPorts(), ...taxjarTaxPorts() }));
/** The AvaTax-compatible API's transactions: the ledger's use cases, its records, and the customers' certificates behind exemption claims. */
export const avataxTransactionPorts = /* @__PURE__ */ once(
  (): AvataxTransactionPorts => ({ ...transactionPorts(), avatax: avataxStore(), customers: customerStore(), certificates: certificateStore() }),
);
export const taxjarCustomerPorts = /* @__PURE__ */ once(
  (): TaxjarCustomerPorts => ({ customers: customerStore(), tenantConfigs: tenantConfigs(), certificates: certificateStore() }),
);
/** The AvaTax-compatible API's companies (the account's locations), customers and certificates. */
export const avataxCompanyPorts = /* @__PURE__ */ once((): AvataxCompanyPorts => ({ tenantConfigs: tenantConfigs(), accounts: authenticator() }));
export const avataxCustomerPorts = /* @__PURE__ */ once((): AvataxCustomerPorts => ({ ...avataxCompanyPorts(), customers: customerStore() }));
export const avataxCertificatePorts = /* @__PURE__ */ once((): AvataxCertificatePorts => ({ ...avataxCustomerPorts(), certificates: certificateStore() }));
export const pendingWork = /* @__PURE__ */ once(() => new PendingWorkStore(docClient(), table()));
/** The sweeper's registry and its handler per kind of work; `minAgeMs`: work younger than this still has its first messages. */
export const sweeperPorts = (minAgeMs: number): SweeperPorts => ({
  registry: pendingWork(),
  handlers: {
    batch: async (work, now) => {
      // Return jobs are batches too (one registry kind): each goes back to its own queue.
      const queueOf = (kind: BatchKind) => (kind === 'batch' ? batchQueue() : returnJobQueue());
      const outcome = await sweepBatch({ batches: batchStore, queueOf }, work, now, minAgeMs);
      return typeof outcome === 'string' ? { finished: true } : { finished: false, requeued: outcome.requeued };
    },
    webhook_deliveries: async (work, now) => {
      const outcome = await sweepDeliveries(webhookPorts(), work.tenant, now, minAgeMs);
      return outcome.endpoints === 0 ? { finished: true } : { finished: false, requeued: outcome.requeued };
    },
    nexus_test: async (work, now) => ((await sweepNexusTest(nexusPorts(), work, now)).finished ? { finished: true } : { finished: false, requeued: 0 }),
  },
});
export const providerPorts = /* @__PURE__ */ once((): ProviderPorts => ({ accounts: authenticator() }));

export const webhookPorts = /* @__PURE__ */ once(
  (): WebhookPorts => ({
    webhooks: webhookStore(),
    queue: deliveryQueue(),
    transport: webhookTransport(),
    settings: config().webhooks,
    random: Math.random,
  }),
);
/** Endpoints and events without the queue or the network (reads, deletes, rotations). */
export const webhookStorePorts = /* @__PURE__ */ once(
  (): Pick<WebhookPorts, 'webhooks' | 'settings'> => ({ webhooks: webhookStore(), settings: config().webhooks }),
);
export const webhookRegistrationPorts = /* @__PURE__ */ once(
  (): Pick<WebhookPorts, 'webhooks' | 'transport'> => ({ webhooks: webhookStore(), transport: webhookTransport() }),
);
export const redeliveryPorts = /* @__PURE__ */ once((): Pick<WebhookPorts, 'webhooks' | 'queue'> => ({ webhooks: webhookStore(), queue: deliveryQueue() }));
export { eventsByTenant } from './adapters/dynamodb/stream-events';

/**
 * Where newer tax content is published: the content bucket where the stack names one, the artifact
 * file the local runner watches (CONTENT_WATCH_FILE), else nowhere (the bundled content only).
 */
const publishedContent = /* @__PURE__ */ once((): PublishedContent | undefined => {
  const bucket = process.env[CONTENT_STORE.envVar];
  if (bucket) return s3PublishedContent({ bucket, region: process.env.AWS_REGION ?? 'us-east-1', endpoint: process.env.AWS_ENDPOINT_URL_S3 });
  const watched = process.env.CONTENT_WATCH_FILE;
  return watched ? filePublishedContent(watched) : undefined;
});

const contentReloader = /* @__PURE__ */ once((): ContentReloader | undefined => {
  const published = publishedContent();
  const checkSeconds = Number(process.env.CONTENT_CHECK_SECONDS ?? CONTENT_STORE.checkSeconds);
  return published && new ContentReloader(published, { heldBuild, installContent }, checkSeconds * 1000, logger);
});

/** Before a use of the tax content: picks up a newly published version (at most one look per check interval). */
export async function freshContent(now: Date): Promise<void> {
  try {
    await contentReloader()?.fresh(now.getTime());
  } catch (error) {
    // Only setting the reloader up can throw here (a look logs its own failures): answer from what is held.
    logger.warn('tax content reload unavailable', { error: String(error) });
  }
}

/** Reads of the tax content (rates, tax codes, version), with the catalog's search text built once. */
export const content = /* @__PURE__ */ once((): ContentService => contentService(taxContent));
/** The ZIP centroids, read on first use: only the address-resolve functions ship the asset. */
export { zipCentroids };
