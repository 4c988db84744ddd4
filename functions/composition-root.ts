// The one place where the process is wired: AWS clients, the stores that implement the core's
// ports, and the application services over them. Everything is created on first use, not at
// import, so a function pays only for what its route touches and a misconfiguration surfaces on
// the first call that needs it. Each accessor is its own export so a bundle keeps only the ones
// its handler calls.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { usageKeyRegistry } from './adapters/apigateway/usage-keys';
import { taxContent } from './adapters/content/content-file';
import { AccessStore } from './adapters/dynamodb/access-store';
import { CertificateStore } from './adapters/dynamodb/certificate-store';
import { CustomerStore } from './adapters/dynamodb/customer-store';
import { DynamoRateCounter } from './adapters/dynamodb/rate-counter';
import { TenantStore } from './adapters/dynamodb/tenant-store';
import { TransactionStore } from './adapters/dynamodb/transaction-store';
import { accountService, type AccountService } from './application/account';
import { Authenticator } from './application/authentication';
import { Authorizer } from './application/authorization';
import { calculationService, type CalculationService } from './application/calculations';
import { certificateService, storedCertificateResolver, type CertificateService } from './application/certificates';
import { contentService, type ContentService } from './application/content';
import { customerService, type CustomerService } from './application/customers';
import type { EngineContextPorts } from './application/engine-context';
import { keyService, type KeyService } from './application/keys';
import { providerService, type ProviderService } from './application/provider';
import { RateLimiter } from './application/rate-limiting';
import { TenantConfigs } from './application/tenant-configs';
import { transactionService, type TransactionService } from './application/transactions';
import type { Tenant } from './core/access/records';
import { config } from './shared/config';

/** Creates a value on first call and returns the same one after. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

// --- clients --------------------------------------------------------------------------------------

let dynamoCalls = 0;

/** DynamoDB requests this process has sent (benchmarks and call-count tests read it). */
export const dynamoCallCount = (): number => dynamoCalls;

/** Locally the SDK reaches DynamoDB Local through AWS_ENDPOINT_URL_DYNAMODB: no code path differs from Lambda's. */
export const dynamoClient = /* @__PURE__ */ once(() => {
  const client = new DynamoDBClient({ maxAttempts: 4 });
  client.middlewareStack.add(
    (next) => async (args) => {
      dynamoCalls++;
      return next(args);
    },
    { step: 'initialize', name: 'countDynamoCalls' },
  );
  return client;
});

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
export const transactionStore = (tenant: Tenant): TransactionStore => new TransactionStore(docClient(), table(), tenant);
export const usageKeys = /* @__PURE__ */ once(() => usageKeyRegistry(config().usagePlanNamePrefix));

// --- process-wide caches and request checks -------------------------------------------------------

export const authenticator = /* @__PURE__ */ once(() => new Authenticator(accessStore(), config().authCacheMs));
export const authorizer = /* @__PURE__ */ once(() => new Authorizer(authenticator()));
export const rateLimiter = /* @__PURE__ */ once(() => new RateLimiter(rateCounter(), config().limits));
export const tenantConfigs = /* @__PURE__ */ once(() => new TenantConfigs(tenantStore(), config().authCacheMs));

// --- application services -------------------------------------------------------------------------

const engineContextPorts = /* @__PURE__ */ once(
  (): EngineContextPorts => ({
    content: taxContent,
    tenantConfigs: tenantConfigs(),
    catalog: tenantStore(),
    certificates: storedCertificateResolver(certificateStore()),
  }),
);

export const content = /* @__PURE__ */ once((): ContentService => contentService(taxContent));
export const calculations = /* @__PURE__ */ once((): CalculationService => calculationService(engineContextPorts()));
export const transactions = /* @__PURE__ */ once((): TransactionService => transactionService({ documents: transactionStore, engine: engineContextPorts() }));
export const customers = /* @__PURE__ */ once((): CustomerService => customerService({ customers: customerStore(), tenantConfigs: tenantConfigs() }));
export const certificates = /* @__PURE__ */ once((): CertificateService => certificateService({ certificates: certificateStore(), customers: customers() }));
export const keys = /* @__PURE__ */ once(
  (): KeyService => keyService({ access: accessStore(), tenants: tenantStore(), usageKeys: usageKeys(), authenticator: authenticator() }),
);
export const account = /* @__PURE__ */ once(
  (): AccountService =>
    accountService({
      access: accessStore(),
      tenants: tenantStore(),
      tenantConfigs: tenantConfigs(),
      authenticator: authenticator(),
      taxCode: (code) => taxContent().taxCode(code),
    }),
);
export const provider = /* @__PURE__ */ once((): ProviderService => providerService({ accounts: authenticator() }));
