// What every route answers on success, and the business errors its use case can raise: the single
// source for the OpenAPI document (scripts/openapi.ts), the integration tests' response check
// (scripts/response-check.ts, through test/support/http.ts) and the response types the views are checked against
// (test/unit/response-types.test.ts). The errors of the pipeline (authentication, rate limit,
// credential, scope, client context, validation, idempotency) are derived from the route entry by
// functions/http/route-errors.ts; only what the endpoint itself decides is listed here.
import type * as v from 'valibot';
import { type ErrorCode, RATE_RULE_CODES } from '../../core/errors';
import type { RouteId } from '../../manifest/routes';
import { Account, ApiKey, ApiKeyList, CreatedItem, IssuedKey, ItemList, Location, LocationList, SellerDeclaration } from './account';
import {
  AvataxAddressResolution,
  AvataxCertificateList,
  AvataxCompanyList,
  AvataxCustomer,
  AvataxCustomerList,
  AvataxCustomers,
  AvataxEntityUseCodeList,
  AvataxPingResult,
  AvataxTaxCodeList,
  AvataxTaxRates,
  AvataxTransaction,
  AvataxTransactionList,
} from './avatax';
import {
  Batch,
  BatchAccepted,
  BatchItem,
  BatchItemList,
  BatchList,
  BatchWithItems,
  CollectionReport,
  ReturnJob,
  ReturnJobAccepted,
  ReturnJobItem,
  ReturnJobItemList,
  ReturnJobList,
  ReturnJobWithItems,
  ReturnSummary,
} from './batches';
import { Certificate, CertificateList, Customer, CustomerList, DeclaredExemptionList } from './certificates';
import { Message } from './common';
import { ApiDescription, HtmlPage, RateBreakdown, TaxCodeList } from './content';
import { ErrorDetail, ErrorEnvelope } from './error';
import {
  NexusOverview,
  NexusProjection,
  NexusRegistration,
  NexusRegistrationDeleted,
  NexusRegistrationList,
  NexusSalesHistory,
  NexusSalesHistoryDeleted,
  NexusSalesHistoryList,
} from './nexus';
import { Config, EngagementList, OperationsStatus, ProviderClient } from './service';
import { Adjustment, Calculation, Estimate, Jurisdiction, LineReason, Transaction, TransactionList, TransactionSummary } from './tax';
import {
  TaxjarAddresses,
  TaxjarCategories,
  TaxjarCustomer,
  TaxjarCustomerIds,
  TaxjarOrder,
  TaxjarOrderIds,
  TaxjarRate,
  TaxjarRefund,
  TaxjarRefundIds,
  TaxjarRegions,
  TaxjarSummaryRates,
  TaxjarTax,
  TaxjarVerify,
} from './taxjar';
import { Usage } from './usage';
import { WebhookEndpoint, WebhookEndpointDeleted, WebhookEndpointList, WebhookEndpointWithSecret, WebhookEvent, WebhookEventList } from './webhooks';

export interface RouteResponse<S extends v.GenericSchema = v.GenericSchema> {
  /** 202: accepted work to poll; the answer then carries a Location header. */
  readonly status: 200 | 201 | 202;
  /** A Location header names the created or accepted resource. */
  readonly location?: boolean;
  /** The media type of the body (application/json unless said). */
  readonly media?: 'application/json' | 'text/html';
  readonly schema: S;
  readonly description: string;
  /** Codes the endpoint's own rules may answer (beyond the pipeline's). */
  readonly errors: readonly ErrorCode[];
}

/** A document's location_code names a location of the tenant the key may act for. */
const LOCATION: readonly ErrorCode[] = ['not_found', 'location_not_authorized'];

/** What taxing a document may refuse (docs/taxes-and-content.md). */
const TAXING: readonly ErrorCode[] = [
  ...LOCATION,
  'invalid_address',
  'invalid_request',
  'invalid_tax_code',
  'accuracy_requirement_not_met',
  'product_identity_required',
  'address_precision_requirement_not_met',
  'exemption_certificate_not_found',
  ...RATE_RULE_CODES,
  // Sandbox fault simulation (X-Simulate: internal_error) answers exactly as production would.
  'internal_error',
];

/** What AvaTax's create may refuse: taxing, a code's state (DocStatus), a ReturnInvoice's original, an invoice without transactions:write. */
const AVATAX_CREATE: readonly ErrorCode[] = [
  ...TAXING,
  'invalid_nexus_mode',
  'insufficient_scope',
  'duplicate_transaction',
  'refund_exceeds_refundable',
  'certificate_not_active',
  'conflict',
];

const ok = (schema: v.GenericSchema, description: string, errors: readonly ErrorCode[] = []): RouteResponse => ({ status: 200, schema, description, errors });
const created = (schema: v.GenericSchema, description: string, errors: readonly ErrorCode[] = []): RouteResponse => ({
  status: 201,
  schema,
  description,
  errors,
});

const accepted = (schema: v.GenericSchema, description: string, errors: readonly ErrorCode[] = []): RouteResponse => ({
  status: 202,
  location: true,
  schema,
  description,
  errors,
});

export const RESPONSES = {
  'config-get': ok(Config, 'The effective limits of the key and the tax content in use.'),
  'operations-status': ok(
    OperationsStatus,
    "The caller's request budget and the queue signals of what the caller can see: the tenant's for its own keys; for a provider key, what its practice can see of the client (its own return jobs, no webhooks).",
  ),
  'usage-get': ok(
    Usage,
    'Metered usage in the key’s environment, per UTC day, key or billable kind: every key of the account for an organization-scoped key, the key’s own otherwise.',
    ['validation_error', 'invalid_request'],
  ),
  'openapi-get': ok(ApiDescription, 'This OpenAPI 3.1 document, its server set to the deployment that served it.'),
  'docs-get': { ...ok(HtmlPage, 'The interactive API reference (Swagger UI, bundled; no CDN).'), media: 'text/html' },
  'console-get': {
    ...ok(
      HtmlPage,
      'The operations console (batches, return jobs, webhook deliveries, transactions): a page that signs in with an API key and reads this API with it.',
    ),
    media: 'text/html',
  },
  'account-get': ok(Account, 'The account and its settings in the key’s environment.'),
  'account-update': ok(Account, 'The updated account.'),
  'locations-create': created(Location, 'The new location.', ['conflict']),
  'locations-list': ok(LocationList, 'A page of locations, newest first.'),
  'keys-create': created(IssuedKey, 'The new key; `key` holds the secret, shown once.', ['not_found']),
  'keys-list': ok(ApiKeyList, 'A page of keys, newest first; never their secrets.'),
  'keys-revoke': ok(ApiKey, 'The revoked key.', ['not_found', 'conflict']),
  'items-create': created(CreatedItem, 'The SKU, added or replaced.', ['invalid_tax_code']),
  'items-list': ok(ItemList, 'A page of SKUs, newest first.'),
  'il-declarations-create': created(SellerDeclaration, 'A signed seller-posture declaration for `seller_declaration`.'),
  'calculations-create': ok(Calculation, 'The taxed document; nothing is stored.', TAXING),
  'estimates-create': ok(Estimate, 'The destination rate and tax for one amount (experimental).', TAXING),
  'tax-codes-list': ok(TaxCodeList, 'A page of the product tax code catalog.'),
  'rates-get': ok(RateBreakdown, 'The general-merchandise rate breakdown at a destination.', [
    'invalid_address',
    'rate_unavailable',
    'il_address_not_located',
    'il_rate_lookup_unresolved',
  ]),
  'transactions-create': created(Transaction, 'The committed transaction.', [...TAXING, 'invalid_nexus_mode', 'duplicate_transaction']),
  'transactions-list': ok(TransactionList, 'A page of transactions (without their lines), newest first.'),
  'transactions-get': ok(Transaction, 'The transaction.', ['transaction_not_found']),
  'transactions-refund': created(Transaction, 'The refund document (negative amounts).', [
    'transaction_not_found',
    'invalid_lifecycle',
    'invalid_request',
    'refund_exceeds_refundable',
    'duplicate_transaction',
  ]),
  'transactions-credit': created(Transaction, 'The tax-only credit document (negative taxes).', [
    'transaction_not_found',
    'invalid_lifecycle',
    'invalid_request',
    'credit_exceeds_tax',
    'duplicate_transaction',
  ]),
  'transactions-void': ok(Transaction, 'The voided transaction.', ['transaction_not_found', 'invalid_lifecycle']),
  'transactions-adjust': created(Adjustment, 'The adjusted original, its reversal and the replacement.', [
    ...TAXING,
    'invalid_nexus_mode',
    'invalid_adjustment_codes',
    'transaction_not_found',
    'invalid_lifecycle',
    'duplicate_transaction',
  ]),
  'reports-collection': ok(CollectionReport, 'Computed against collected tax, per state and month with documents.', ['invalid_request']),
  'customers-create': created(Customer, 'The new customer.', [...LOCATION, 'conflict']),
  'customers-list': ok(CustomerList, 'A page of customers, newest first.'),
  'customers-get': ok(Customer, 'The customer and the ids of its certificates.', ['not_found']),
  'customers-assign': ok(Certificate, 'The assigned certificate.', ['not_found', 'certificate_customer_mismatch', 'certificate_not_active']),
  'certificates-create': created(Certificate, 'The pending certificate.', ['not_found']),
  'certificates-list': ok(CertificateList, 'A page of certificates, newest first.'),
  'nexus-get': ok(NexusOverview, 'Economic nexus per state on the day asked about.', ['date_outside_coverage']),
  'nexus-sales-history-create': created(NexusSalesHistory, 'The record stored.', ['date_outside_coverage']),
  'nexus-sales-history-list': ok(NexusSalesHistoryList, 'Every sales-history record, newest first.'),
  'nexus-sales-history-get': ok(NexusSalesHistory, 'The record and its entries.', ['not_found']),
  'nexus-sales-history-delete': ok(NexusSalesHistoryDeleted, 'The record was deleted.', ['not_found']),
  'nexus-registrations-list': ok(NexusRegistrationList, 'The registrations and the nexus setting.'),
  'nexus-registrations-put': ok(NexusRegistration, 'The registration as stored.'),
  'nexus-registrations-delete': ok(NexusRegistrationDeleted, 'The registration was removed.', ['validation_error', 'not_found']),
  'nexus-projections': ok(NexusProjection, 'Per state, the projected crossing; nothing is stored.', ['date_outside_coverage']),
  'declared-exemptions-list': ok(DeclaredExemptionList, 'A page of declared exemptions per customer and state, newest first, each covered or not.'),
  'certificates-get': ok(Certificate, 'The certificate and its audit trail.', ['not_found']),
  'certificates-activate': ok(Certificate, 'The active certificate.', [
    'not_found',
    'conflict',
    'certificate_evidence_incomplete',
    'certificate_review_authority_not_permitted',
    'certificate_not_effective',
  ]),
  'provider-engagements': ok(EngagementList, 'A page of the client engagements the key may act for.'),
  'provider-client': ok(ProviderClient, 'The client engagement the client context selects.'),
  'batches-create': accepted(BatchAccepted, 'The accepted batch, queued; poll the Location.'),
  'batches-list': ok(BatchList, 'A page of batches, newest first.'),
  'batches-get': ok(BatchWithItems, 'The batch, its counts and a page of its items.', ['not_found']),
  'batches-items': ok(BatchItemList, 'A page of the batch’s items in submission order.', ['not_found']),
  'return-jobs-create': accepted(ReturnJobAccepted, 'The accepted return job, queued; poll the Location.', ['not_found']),
  'return-jobs-list': ok(ReturnJobList, 'A page of return jobs, newest first.'),
  'return-jobs-get': ok(ReturnJobWithItems, 'The return job, its counts and a page of its summaries.', ['not_found']),
  'return-jobs-items': ok(ReturnJobItemList, 'A page of the return job’s summaries in submission order.', ['not_found']),
  'webhooks-create': { ...created(WebhookEndpointWithSecret, 'The endpoint and its signing secret, shown this once.', ['invalid_request']), location: true },
  'webhooks-list': ok(WebhookEndpointList, 'A page of the webhook endpoints, newest first; never their secrets.'),
  'webhooks-get': ok(WebhookEndpoint, 'The endpoint; never its secret.', ['not_found']),
  'webhooks-delete': ok(WebhookEndpointDeleted, 'The endpoint is deleted: nothing more is delivered to it.', ['not_found']),
  'webhooks-rotate-secret': ok(WebhookEndpointWithSecret, 'The endpoint and its new secret, shown this once; the old one signs too for the overlap.', [
    'not_found',
  ]),
  'events-list': ok(WebhookEventList, 'A page of the events of the last 30 days, newest first, with their delivery state per endpoint.'),
  'events-redeliver': {
    status: 202,
    schema: WebhookEvent,
    description: 'The event, queued again to every endpoint it subscribes to.',
    errors: ['not_found', 'conflict'],
  },
  'taxjar-taxes': ok(TaxjarTax, 'The tax on the order; nothing is stored.', TAXING),
  'taxjar-magento-taxes': ok(TaxjarTax, 'The tax on the quote; nothing is stored.', TAXING),
  'taxjar-verify': ok(TaxjarVerify, 'The key works.'),
  'taxjar-addresses-validate': ok(TaxjarAddresses, 'The places the ZIP code names.', ['invalid_address', 'not_found']),
  'taxjar-rates-get': ok(TaxjarRate, 'The rates at a location.', [
    'invalid_address',
    'rate_unavailable',
    'il_address_not_located',
    'il_rate_lookup_unresolved',
  ]),
  'taxjar-categories': ok(TaxjarCategories, 'The product tax categories.'),
  'taxjar-summary-rates': ok(TaxjarSummaryRates, 'Minimum and average rates by region.'),
  'taxjar-nexus-regions': ok(TaxjarRegions, 'The regions where the account has nexus.'),
  'taxjar-orders-list': ok(TaxjarOrderIds, 'The ids of the account’s orders.'),
  'taxjar-orders-get': ok(TaxjarOrder, 'The order.', ['not_found', 'transaction_not_found']),
  'taxjar-orders-create': created(TaxjarOrder, 'The committed order.', [...TAXING, 'invalid_nexus_mode', 'duplicate_transaction', 'conflict']),
  'taxjar-orders-update': ok(TaxjarOrder, 'The order as updated.', [
    ...TAXING,
    'invalid_nexus_mode',
    'transaction_not_found',
    'invalid_lifecycle',
    'duplicate_transaction',
    'conflict',
  ]),
  'taxjar-orders-delete': ok(TaxjarOrder, 'The deleted (voided) order.', ['not_found', 'transaction_not_found', 'invalid_lifecycle']),
  'taxjar-refunds-list': ok(TaxjarRefundIds, 'The ids of the account’s refunds.'),
  'taxjar-refunds-get': ok(TaxjarRefund, 'The refund.', ['not_found', 'transaction_not_found']),
  'taxjar-refunds-create': created(TaxjarRefund, 'The committed refund.', [
    'not_found',
    'transaction_not_found',
    'invalid_lifecycle',
    'invalid_request',
    'refund_exceeds_refundable',
    'duplicate_transaction',
    'conflict',
  ]),
  'taxjar-refunds-update': ok(TaxjarRefund, 'The refund as updated (its new version; unchanged when the update refunds what is stored).', [
    'not_found',
    'transaction_not_found',
    'invalid_lifecycle',
    'invalid_request',
    'refund_exceeds_refundable',
    'duplicate_transaction',
  ]),
  'taxjar-refunds-delete': ok(TaxjarRefund, 'The deleted (withdrawn) refund, as TaxJar answers a delete: its id, every other field null.', [
    'not_found',
    'transaction_not_found',
    'invalid_lifecycle',
  ]),
  'taxjar-customers-list': ok(TaxjarCustomerIds, 'The ids of the account’s customers.'),
  'taxjar-customers-get': ok(TaxjarCustomer, 'The customer.', ['not_found']),
  // A declared exemption other than the certificates' is certificate_evidence_incomplete.
  'taxjar-customers-create': created(TaxjarCustomer, 'The new customer.', [...LOCATION, 'conflict', 'certificate_evidence_incomplete']),
  'taxjar-customers-update': ok(TaxjarCustomer, 'The customer as updated.', [...LOCATION, 'conflict', 'certificate_evidence_incomplete']),
  'taxjar-customers-delete': ok(TaxjarCustomer, 'The deleted customer; one holding certificates is kept (conflict).', ['not_found', 'conflict']),
  'avatax-ping': ok(AvataxPingResult, 'Whether the credentials work (200 either way).'),
  // AvaTax reference, companies, customers and certificates.
  'avatax-addresses-resolve': ok(AvataxAddressResolution, 'The address placed by its ZIP code, or with messages saying why it could not be (200 either way).'),
  'avatax-addresses-resolve-post': ok(AvataxAddressResolution, 'As the GET answers.'),
  'avatax-taxrates-byaddress': ok(AvataxTaxRates, 'The rates of the address’s ZIP code today.', ['invalid_address', 'rate_unavailable', ...RATE_RULE_CODES]),
  'avatax-taxrates-bypostalcode': ok(AvataxTaxRates, 'The rates of the ZIP code today.', ['invalid_address', 'rate_unavailable', ...RATE_RULE_CODES]),
  'avatax-taxcodes-list': ok(AvataxTaxCodeList, 'The AvaTax system tax codes this service maps to its own.'),
  'avatax-entityusecodes-list': ok(AvataxEntityUseCodeList, 'AvaTax’s standard entity-use codes.'),
  'avatax-companies-list': ok(AvataxCompanyList, 'The companies the key sees: the account’s locations and the account itself.'),
  'avatax-customers-create': created(AvataxCustomers, 'The customers created, as sent.', ['not_found', 'conflict']),
  'avatax-customers-list': ok(AvataxCustomerList, 'The company’s customers.', ['not_found']),
  'avatax-customers-get': ok(AvataxCustomer, 'The customer.', ['not_found']),
  'avatax-customers-update': ok(AvataxCustomer, 'The customer as replaced.', ['not_found']),
  'avatax-customer-certificates-list': ok(AvataxCertificateList, 'The customer’s exemption certificates.', ['not_found']),
  'avatax-certificates-list': ok(AvataxCertificateList, 'The company’s exemption certificates.', ['not_found']),
  // --- AvaTax transactions (docs/avatax-compatibility.md, "Transactions") ---
  'avatax-transactions-create': created(AvataxTransaction, 'The estimate (Temporary), the draft (Saved) or the committed document.', AVATAX_CREATE),
  'avatax-transactions-create-or-adjust': created(AvataxTransaction, 'The document as created, replaced or adjusted (its current version).', [
    ...AVATAX_CREATE,
    'invalid_lifecycle',
    'invalid_adjustment_codes',
  ]),
  'avatax-transactions-get': ok(AvataxTransaction, 'The code’s current state.', ['not_found', 'transaction_not_found']),
  'avatax-transactions-list': ok(AvataxTransactionList, 'A page of the company’s documents.', ['not_found']),
  'avatax-transactions-commit': ok(AvataxTransaction, 'The committed document.', [...AVATAX_CREATE, 'transaction_not_found', 'invalid_lifecycle']),
  'avatax-transactions-adjust': ok(AvataxTransaction, 'The document’s new version (or its draft, replaced).', [
    ...AVATAX_CREATE,
    'transaction_not_found',
    'invalid_lifecycle',
    'invalid_adjustment_codes',
  ]),
  'avatax-transactions-settle': ok(AvataxTransaction, 'The document as verified, renamed and committed.', [
    ...AVATAX_CREATE,
    'transaction_not_found',
    'invalid_lifecycle',
  ]),
  'avatax-transactions-refund': ok(AvataxTransaction, 'The ReturnInvoice recorded.', [
    'not_found',
    'transaction_not_found',
    'invalid_request',
    'invalid_lifecycle',
    'refund_exceeds_refundable',
    'credit_exceeds_tax',
    'duplicate_transaction',
    'conflict',
  ]),
  'avatax-transactions-uncommit': ok(AvataxTransaction, 'The draft (Saved) the committed version became.', [
    'not_found',
    'transaction_not_found',
    'invalid_lifecycle',
  ]),
  'avatax-transactions-void': ok(AvataxTransaction, 'The cancelled document.', ['not_found', 'transaction_not_found', 'invalid_request', 'invalid_lifecycle']),
  'avatax-transactions-unvoid': ok(AvataxTransaction, 'The draft (Saved) the cancelled document became.', [
    'not_found',
    'transaction_not_found',
    'invalid_lifecycle',
  ]),
} as const satisfies Record<RouteId, RouteResponse>;

export { ErrorEnvelope };

/** The JSON a route answers on success, as handlers build it (`ok<ResponseOf<'config-get'>>(…)`). */
export type ResponseOf<Id extends keyof typeof RESPONSES> = v.InferInput<(typeof RESPONSES)[Id]['schema']>;

/** Named schemas of the document (components/schemas): shared shapes are written once and referenced. */
export const RESPONSE_COMPONENTS: Record<string, v.GenericSchema> = {
  ErrorDetail,
  LineReason,
  Jurisdiction,
  Message,
  Calculation,
  Transaction,
  TransactionSummary,
  Estimate,
  Account,
  Location,
  ApiKey,
  Certificate,
  Customer,
  Batch,
  BatchItem,
  ReturnJob,
  ReturnJobItem,
  ReturnSummary,
};
