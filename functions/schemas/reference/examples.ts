// A request example for every operation of the API description: the body, query and path values
// "Try it out" on /docs starts from. Only scripts/openapi.ts reads this table (no handler bundle
// carries it). Each body and query is written with `sample(schema, value)`, so the compiler checks
// it against the input type of the schema the handler validates with; the generator checks that it
// is that very schema and that it passes it. test/integration/openapi-examples.test.ts sends every
// example to a local runner with the test seed, in the order of the lifecycle they tell: the sale
// INV-1001 is committed, read, refunded and credited; INV-1002 (committed by the test first, like
// INV-1001) is adjusted, and its replacement INV-1002-B voided; the certificate of customer C-ACME
// is recorded, activated and assigned; the TaxJar order TJ-1001 is created, updated and refunded,
// and TJ-1002 (created like it) deleted; the return job sums the sales the accounting firm
// committed for its client Northwind.
// Ids the service generates (keys, certificates, batches, return jobs, webhook endpoints, events)
// are shown in their form; the test puts in those of the resources it just created.

import type * as v from 'valibot';
import { companyNumber } from '../../core/avatax/ids';
import type { ROUTES, RouteId } from '../../manifest/routes';
import { AccountUpdateSchema, DeclarationCreateSchema, ItemCreateSchema, KeyCreateSchema, LocationCreateSchema } from '../account';
import {
  AvataxAddressBodySchema,
  AvataxAddressQuerySchema,
  AvataxCustomerSchema,
  AvataxCustomersCreateSchema,
  AvataxListQuerySchema,
  AvataxRatesByAddressQuerySchema,
  AvataxRatesByPostalCodeQuerySchema,
} from '../avatax-reference';
import {
  AvataxAdjustSchema,
  AvataxCommitSchema,
  AvataxCreateOrAdjustSchema,
  AvataxCreateTransactionSchema,
  AvataxDocumentQuerySchema,
  AvataxIncludeQuerySchema,
  AvataxRefundQuerySchema,
  AvataxRefundSchema,
  AvataxSettleSchema,
  AvataxTransactionListQuerySchema,
  AvataxVoidSchema,
} from '../avatax-transactions';
import { BatchGetQuerySchema, BatchItemsQuerySchema, BatchListQuerySchema, BatchRequestSchema } from '../batches';
import { EstimateRequestSchema, RateQuerySchema, TaxCodeQuerySchema } from '../calculations';
import {
  ActivationSchema,
  AssignmentSchema,
  CertificateCreateSchema,
  CertificateListQuerySchema,
  CustomerCreateSchema,
  DeclaredExemptionListQuerySchema,
} from '../certificates';
import { PageQuerySchema } from '../common';
import { CalculationRequestSchema, TransactionRequestSchema } from '../document';
import { NexusQuerySchema, ProjectionSchema, RegistrationSchema, SalesHistoryCreateSchema } from '../nexus';
import { CollectionReportQuerySchema, ReturnJobListQuerySchema, ReturnJobRequestSchema } from '../returns';
import {
  TaxjarAddressValidationSchema,
  TaxjarCustomerCreateSchema,
  TaxjarCustomerUpdateSchema,
  TaxjarOrderCreateSchema,
  TaxjarOrderUpdateSchema,
  TaxjarRateQuerySchema,
  TaxjarRefundCreateSchema,
  TaxjarRefundUpdateSchema,
  TaxjarTaxRequestSchema,
  TaxjarTransactionListQuerySchema,
  TaxjarVerifySchema,
} from '../taxjar';
import { AdjustmentRequestSchema, CreditRequestSchema, RefundRequestSchema, TransactionListQuerySchema, VoidRequestSchema } from '../transactions';
import { UsageQuerySchema } from '../usage';
import { EventListQuerySchema, WebhookCreateSchema, WebhookListQuerySchema } from '../webhooks';

/** A value for a schema, checked against what the schema takes. */
export interface Sample<S extends v.GenericSchema = v.GenericSchema> {
  readonly schema: S;
  readonly value: v.InferInput<S>;
}

export const sample = <S extends v.GenericSchema>(schema: S, value: v.InferInput<S>): Sample<S> => ({ schema, value });

type Route<K extends RouteId> = Extract<(typeof ROUTES)[number], { readonly id: K }>;
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
type Params<K extends RouteId> = ParamNames<Route<K>['path']>;

/** The path's parameters: required exactly when the route has some. */
type PathOf<K extends RouteId> = [Params<K>] extends [never] ? { readonly path?: undefined } : { readonly path: { readonly [N in Params<K>]: string } };

/** The engagement a provider-only route acts for (`X-Service-Client-Ref`), required where the route takes the client context. */
type ClientOf<K extends RouteId> = Route<K> extends { readonly clientContext: true } ? { readonly clientRef: string } : { readonly clientRef?: undefined };

/** Any route's example, as the generator and the test read it. */
export interface AnyRequestExample {
  readonly path?: Readonly<Record<string, string>>;
  readonly clientRef?: string;
  readonly body?: Sample;
  readonly query?: Sample;
}

export type RequestExample<K extends RouteId> = PathOf<K> &
  ClientOf<K> & {
    /** The body (every route whose handler validates one has it; the generator checks). */
    readonly body?: Sample;
    /** Query parameters worth showing (a list's `limit` alone is not). */
    readonly query?: Sample;
  };

const DATE = '2026-04-15';
const NEW_YORK = { line1: '350 Fifth Avenue', city: 'New York', state: 'NY', zip: '10118' } as const;
const BROOKLYN = { line1: '1 Pierrepont Street', city: 'Brooklyn', state: 'NY', zip: '11201' } as const;

/** The sale the transaction examples start from; INV-1002 is the same document under its own code. */
export const SALE = sample(TransactionRequestSchema, {
  code: 'INV-1001',
  date: DATE,
  location_code: 'NYC',
  ship_to: NEW_YORK,
  lines: [
    { number: '1', tax_code: '20010', description: 'Rain jacket', quantity: 1, amount: 129 },
    { number: '2', description: 'Standing desk', quantity: 1, amount: 499, discount: 25 },
  ],
});

/** The TaxJar order the order examples start from; TJ-1002 is the same order under its own id. */
export const TAXJAR_ORDER = sample(TaxjarOrderCreateSchema, {
  transaction_id: 'TJ-1001',
  transaction_date: '2026/04/15',
  to_country: 'US',
  to_zip: '11201',
  to_state: 'NY',
  to_city: 'Brooklyn',
  to_street: '1 Pierrepont Street',
  amount: 139,
  shipping: 10,
  sales_tax: 12.34,
  line_items: [{ id: '1', quantity: 1, product_identifier: 'JACKET-M', description: 'Rain jacket', unit_price: 129, product_tax_code: '20010' }],
});

const page = (limit: string) => sample(PageQuerySchema, { limit });

/** The AvaTax company number of the seed's NYC location of acct_main, which the examples' key acts for. */
const AVATAX_COMPANY = String(companyNumber('acct_main', 'NYC'));
/** The account's own company, where C-ACME (a customer under no location) and its certificate are. */
const AVATAX_DEFAULT_COMPANY = String(companyNumber('acct_main', null));
/**
 * The AvaTax invoice the AvaTax examples start from: AV-1001 is committed, adjusted, read, listed
 * and refunded; AV-1002 (saved first as a draft of the same document) is committed, adjusted,
 * settled, uncommitted, voided and unvoided.
 */
const AVATAX_INVOICE = {
  type: 'SalesInvoice',
  code: 'AV-1001',
  companyCode: 'NYC',
  date: DATE,
  customerCode: 'C-ACME',
  commit: true,
  addresses: {
    shipFrom: { line1: '350 Fifth Avenue', city: 'New York', region: 'NY', country: 'US', postalCode: '10118' },
    shipTo: { line1: '1 Pierrepont Street', city: 'Brooklyn', region: 'NY', country: 'US', postalCode: '11201' },
  },
  lines: [
    { number: '1', itemCode: 'JACKET-M', description: 'Rain jacket', taxCode: 'PC040100', quantity: 1, amount: 129 },
    { number: '2', itemCode: 'Shipping', description: 'Shipping', taxCode: 'FR020100', quantity: 1, amount: 10 },
  ],
};
export const AVATAX_TRANSACTION = sample(AvataxCreateTransactionSchema, AVATAX_INVOICE);
const AVATAX_DOCUMENT = { companyCode: 'NYC', transactionCode: 'AV-1002' };
const avataxQuery = sample(AvataxDocumentQuerySchema, { documentType: 'SalesInvoice' });

export const REQUEST_EXAMPLES: { readonly [K in RouteId]: RequestExample<K> } = {
  'config-get': {},
  'operations-status': {},
  'usage-get': { query: sample(UsageQuerySchema, { group_by: 'kind' }) },
  'openapi-get': {},
  'docs-get': {},
  'console-get': {},
  'account-get': {},
  'account-update': {
    body: sample(AccountUpdateSchema, { nexus: 'all', illinois: { derive_seller_posture: false, in_state_selling_enabled: false } }),
  },
  'locations-create': { body: sample(LocationCreateSchema, { code: 'DEN', name: 'Denver warehouse', state: 'CO', zip: '80216' }) },
  'locations-list': { query: page('10') },
  'keys-create': {
    body: sample(KeyCreateSchema, {
      name: 'NYC checkout',
      environment: 'sandbox',
      scopes: ['calculations:write', 'transactions:read', 'transactions:write'],
      location_code: 'NYC',
    }),
  },
  'keys-list': { query: page('10') },
  'keys-revoke': { path: { id: 'key_5f0c2a9d41b7e3c86a1d2f90' } },
  'items-create': { body: sample(ItemCreateSchema, { sku: 'JACKET-M', tax_code: '20010', description: 'Rain jacket, size M' }) },
  'items-list': { query: page('10') },
  'il-declarations-create': { body: sample(DeclarationCreateSchema, { seller_class: 'remote' }) },
  'calculations-create': {
    body: sample(CalculationRequestSchema, {
      date: DATE,
      ship_to: NEW_YORK,
      lines: [
        { number: '1', tax_code: '20010', description: 'Rain jacket', quantity: 1, amount: 129 },
        { number: '2', tax_code: '20010', description: 'T-shirts', quantity: 3, amount: 45 },
        { number: '3', description: 'Standing desk', amount: 499, discount: 25 },
        { number: '4', tax_code: 'SHIPPING', description: 'Delivery', amount: 15 },
      ],
    }),
  },
  'estimates-create': { body: sample(EstimateRequestSchema, { ship_to: { state: 'NY', zip: '10118' }, amount: 100, date: DATE }) },
  'tax-codes-list': { query: sample(TaxCodeQuerySchema, { category: 'clothing', q: 'clothing', limit: '5' }) },
  'rates-get': { query: sample(RateQuerySchema, { zip: '10118', date: DATE }) },
  'transactions-create': { body: SALE },
  'transactions-list': { query: sample(TransactionListQuerySchema, { status: 'committed', date_from: '2026-04-01', date_to: '2026-04-30', limit: '10' }) },
  'transactions-get': { path: { code: 'INV-1001' } },
  'reports-collection': { query: sample(CollectionReportQuerySchema, { from: '2026-04', to: '2026-04', state: 'NY' }) },
  'transactions-refund': {
    path: { code: 'INV-1001' },
    body: sample(RefundRequestSchema, { refund_code: 'INV-1001-R1', date: '2026-04-20', reason: 'Jacket returned', lines: [{ number: '1', amount: 129 }] }),
  },
  'transactions-credit': {
    path: { code: 'INV-1001' },
    body: sample(CreditRequestSchema, {
      credit_code: 'INV-1001-C1',
      date: '2026-04-22',
      reason: 'Tax overcharged on the desk',
      lines: [{ number: '2', tax_amount: 5 }],
    }),
  },
  'transactions-void': { path: { code: 'INV-1002-B' }, body: sample(VoidRequestSchema, { reason: 'Order cancelled' }) },
  'transactions-adjust': {
    body: sample(AdjustmentRequestSchema, {
      original_code: 'INV-1002',
      reversal_code: 'INV-1002-REV',
      replacement_code: 'INV-1002-B',
      reason: 'Delivered to the Brooklyn office, not Manhattan',
      replacement: {
        date: DATE,
        ship_to: BROOKLYN,
        lines: [
          { number: '1', tax_code: '20010', description: 'Rain jacket', quantity: 1, amount: 129 },
          { number: '2', description: 'Standing desk', quantity: 1, amount: 499, discount: 25 },
        ],
      },
    }),
  },
  'customers-create': { body: sample(CustomerCreateSchema, { customer_code: 'C-ACME', name: 'Acme Hardware LLC' }) },
  'customers-list': { query: page('10') },
  'customers-get': { path: { code: 'C-ACME' } },
  'customers-assign': { path: { code: 'C-ACME' }, body: sample(AssignmentSchema, { certificate_id: 'cert_8d2f61c0a94b7e35d1c0f4a2' }) },
  'certificates-create': {
    body: sample(CertificateCreateSchema, {
      customer_code: 'C-ACME',
      jurisdiction: 'NY',
      exemption_reason: 'resale',
      exemption_number: '12-3456789',
      valid_from: '2026-01-01',
      valid_to: '2099-12-31',
      signer: { name: 'Dana Whitfield', title: 'Owner' },
      signature_type: 'electronic',
      evidence_reference: 's3://acme-certificates/C-ACME/ny-st-120.pdf',
      document_sha256: '9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c0b2d4f6e8a1c3e5b7d9f0a2c4e6b8d0f',
    }),
  },
  'certificates-list': { query: sample(CertificateListQuerySchema, { customer_code: 'C-ACME' }) },
  'certificates-get': { path: { id: 'cert_8d2f61c0a94b7e35d1c0f4a2' } },
  'nexus-get': { query: sample(NexusQuerySchema, { as_of: '2026-04-15' }) },
  'nexus-sales-history-create': {
    body: sample(SalesHistoryCreateSchema, {
      entries: [
        { state: 'TX', date: '2026-01-31', amount: 185000, transactions: 420, channel: 'direct', kind: 'retail' },
        { state: 'TX', date: '2026-01-31', amount: 40000, transactions: 90, channel: 'marketplace', kind: 'retail' },
      ],
    }),
  },
  'nexus-sales-history-list': {},
  'nexus-sales-history-get': { path: { id: 'nsh_5c1e9a7d3b2f40c8a6e1d9b7' } },
  'nexus-sales-history-delete': { path: { id: 'nsh_5c1e9a7d3b2f40c8a6e1d9b7' } },
  'nexus-registrations-list': {},
  'nexus-registrations-put': { path: { state: 'TX' }, body: sample(RegistrationSchema, { registered_from: '2026-03-01' }) },
  'nexus-registrations-delete': { path: { state: 'TX' } },
  'nexus-projections': { body: sample(ProjectionSchema, { as_of: '2026-04-15', monthly_growth: 0.03 }) },
  'declared-exemptions-list': { query: sample(DeclaredExemptionListQuerySchema, { limit: '10' }) },
  'certificates-activate': {
    path: { id: 'cert_8d2f61c0a94b7e35d1c0f4a2' },
    body: sample(ActivationSchema, { reviewer: { name: 'Sam Ortiz', title: 'Tax analyst' } }),
  },
  'provider-engagements': { query: page('10') },
  'provider-client': { clientRef: 'northwind' },
  'batches-create': {
    body: sample(BatchRequestSchema, {
      items: [
        {
          reference_id: 'quote-77',
          operation: 'calculate',
          request: { date: DATE, ship_to: NEW_YORK, lines: [{ description: 'Tent', amount: 300 }] },
        },
        {
          reference_id: 'INV-1003',
          operation: 'commit',
          request: { code: 'INV-1003', date: DATE, ship_to: BROOKLYN, lines: [{ description: 'Kayak', amount: 450 }] },
        },
      ],
    }),
  },
  'batches-list': { query: sample(BatchListQuerySchema, { status: 'completed', limit: '10' }) },
  'batches-get': { path: { id: 'bat_4b1d0c7e9a2f48d6b3e5c1a07f9d2e64' }, query: sample(BatchGetQuerySchema, { items_limit: '10' }) },
  'batches-items': { path: { id: 'bat_4b1d0c7e9a2f48d6b3e5c1a07f9d2e64' }, query: sample(BatchItemsQuerySchema, { limit: '10' }) },
  'return-jobs-create': {
    clientRef: 'northwind',
    body: sample(ReturnJobRequestSchema, {
      items: [
        { reference_id: 'ny-2026-04', state: 'NY', period: '2026-04' },
        { reference_id: 'tx-2026-04', state: 'TX', period: '2026-04' },
      ],
    }),
  },
  'return-jobs-list': { clientRef: 'northwind', query: sample(ReturnJobListQuerySchema, { status: 'completed', limit: '10' }) },
  'return-jobs-get': {
    clientRef: 'northwind',
    path: { id: 'rjob_9e3a5c7b1d2f4068a9c1e3b5d7f90a12' },
    query: sample(BatchGetQuerySchema, { items_limit: '10' }),
  },
  'return-jobs-items': {
    clientRef: 'northwind',
    path: { id: 'rjob_9e3a5c7b1d2f4068a9c1e3b5d7f90a12' },
    query: sample(BatchItemsQuerySchema, { limit: '10' }),
  },
  'taxjar-taxes': {
    body: sample(TaxjarTaxRequestSchema, {
      from_country: 'US',
      from_zip: '10001',
      from_state: 'NY',
      to_country: 'US',
      to_zip: '11201',
      to_state: 'NY',
      to_city: 'Brooklyn',
      to_street: '1 Pierrepont Street',
      amount: 129,
      shipping: 10,
      line_items: [{ id: '1', quantity: 1, unit_price: 129, product_tax_code: '20010' }],
    }),
  },
  'taxjar-magento-taxes': {
    body: sample(TaxjarTaxRequestSchema, {
      to_country: 'US',
      to_zip: '11201',
      to_state: 'NY',
      shipping: '5.00',
      customer_id: '8',
      line_items: [{ id: '52', quantity: 1, unit_price: '24.50', discount: '0', product_tax_code: '' }],
    }),
  },
  'taxjar-verify': { body: sample(TaxjarVerifySchema, { token: 'stx_test_your_key' }) },
  'taxjar-addresses-validate': { body: sample(TaxjarAddressValidationSchema, { country: 'US', zip: '98122' }) },
  'taxjar-rates-get': { path: { zip: '11201' }, query: sample(TaxjarRateQuerySchema, { country: 'US', state: 'NY' }) },
  'taxjar-categories': {},
  'taxjar-summary-rates': {},
  'taxjar-nexus-regions': {},
  'avatax-ping': {},
  'avatax-transactions-create': { body: AVATAX_TRANSACTION, query: sample(AvataxIncludeQuerySchema, { $include: 'Summary,Addresses' }) },
  'avatax-transactions-create-or-adjust': {
    body: sample(AvataxCreateOrAdjustSchema, {
      createTransactionModel: {
        ...AVATAX_INVOICE,
        lines: [AVATAX_INVOICE.lines[0]!, { ...AVATAX_INVOICE.lines[1]!, amount: 12 }],
      },
      adjustmentReason: 'PriceAdjusted',
      adjustmentDescription: 'Shipping repriced',
    }),
  },
  'avatax-transactions-get': { path: { companyCode: 'NYC', transactionCode: 'AV-1001' }, query: sample(AvataxDocumentQuerySchema, { $include: 'Lines' }) },
  'avatax-transactions-list': { path: { companyCode: 'NYC' }, query: sample(AvataxTransactionListQuerySchema, { $filter: `date eq ${DATE}`, $top: '10' }) },
  'avatax-transactions-commit': { path: AVATAX_DOCUMENT, query: avataxQuery, body: sample(AvataxCommitSchema, { commit: true }) },
  'avatax-transactions-adjust': {
    path: AVATAX_DOCUMENT,
    query: avataxQuery,
    body: sample(AvataxAdjustSchema, {
      adjustmentReason: 'ProductExchanged',
      adjustmentDescription: 'A larger size',
      newTransaction: { ...AVATAX_INVOICE, code: 'AV-1002', lines: [{ ...AVATAX_INVOICE.lines[0]!, itemCode: 'JACKET-L', amount: 139 }] },
    }),
  },
  'avatax-transactions-settle': {
    path: AVATAX_DOCUMENT,
    query: avataxQuery,
    body: sample(AvataxSettleSchema, { verify: { verifyTransactionDate: DATE }, commit: { commit: true } }),
  },
  'avatax-transactions-refund': {
    path: { companyCode: 'NYC', transactionCode: 'AV-1001' },
    query: sample(AvataxRefundQuerySchema, { useTaxDateOverride: 'true' }),
    body: sample(AvataxRefundSchema, {
      refundTransactionCode: 'AV-1001-R1',
      refundDate: DATE,
      refundType: 'Partial',
      refundLines: ['1'],
      referenceCode: 'RMA-77',
    }),
  },
  'avatax-transactions-uncommit': { path: AVATAX_DOCUMENT, query: avataxQuery },
  'avatax-transactions-void': { path: AVATAX_DOCUMENT, query: avataxQuery, body: sample(AvataxVoidSchema, { code: 'DocVoided' }) },
  'avatax-transactions-unvoid': { path: AVATAX_DOCUMENT, query: avataxQuery },
  'taxjar-orders-list': { query: sample(TaxjarTransactionListQuerySchema, { from_transaction_date: '2026/04/01', to_transaction_date: '2026/04/30' }) },
  'taxjar-orders-get': { path: { transaction_id: 'TJ-1001' } },
  'taxjar-orders-create': { body: TAXJAR_ORDER },
  'taxjar-orders-update': {
    path: { transaction_id: 'TJ-1001' },
    body: sample(TaxjarOrderUpdateSchema, {
      transaction_id: 'TJ-1001',
      amount: 168,
      shipping: 10,
      line_items: [
        { id: '1', quantity: 1, product_identifier: 'JACKET-M', description: 'Rain jacket', unit_price: 129, product_tax_code: '20010' },
        { id: '2', quantity: 1, description: 'Dry bag', unit_price: 29 },
      ],
    }),
  },
  'taxjar-orders-delete': { path: { transaction_id: 'TJ-1002' } },
  'taxjar-refunds-list': { query: sample(TaxjarTransactionListQuerySchema, { from_transaction_date: '2026/04/01', to_transaction_date: '2026/04/30' }) },
  'taxjar-refunds-get': { path: { transaction_id: 'TJ-1001-R1' } },
  'taxjar-refunds-create': {
    body: sample(TaxjarRefundCreateSchema, {
      transaction_id: 'TJ-1001-R1',
      transaction_reference_id: 'TJ-1001',
      transaction_date: '2026/04/20',
      to_country: 'US',
      to_zip: '11201',
      to_state: 'NY',
      amount: -29,
      shipping: 0,
      line_items: [{ id: '2', quantity: 1, description: 'Dry bag', unit_price: -29 }],
    }),
  },
  'taxjar-refunds-update': {
    path: { transaction_id: 'TJ-1001-R1' },
    body: sample(TaxjarRefundUpdateSchema, {
      transaction_id: 'TJ-1001-R1',
      transaction_reference_id: 'TJ-1001',
      transaction_date: '2026/04/21',
      amount: -19,
      shipping: 0,
      line_items: [{ id: '2', quantity: 1, description: 'Dry bag', unit_price: -19 }],
    }),
  },
  'taxjar-refunds-delete': { path: { transaction_id: 'TJ-1001-R1' } },
  'taxjar-customers-list': {},
  'taxjar-customers-get': { path: { customer_id: 'CUST-2001' } },
  'taxjar-customers-create': {
    body: sample(TaxjarCustomerCreateSchema, {
      customer_id: 'CUST-2001',
      exemption_type: 'non_exempt',
      name: 'Dana Whitfield',
      country: 'US',
      state: 'NY',
      zip: '11201',
      city: 'Brooklyn',
      street: '1 Pierrepont Street',
    }),
  },
  'taxjar-customers-update': {
    path: { customer_id: 'CUST-2001' },
    body: sample(TaxjarCustomerUpdateSchema, { customer_id: 'CUST-2001', name: 'Dana Whitfield-Ortiz' }),
  },
  'taxjar-customers-delete': { path: { customer_id: 'CUST-2001' } },
  'webhooks-create': {
    body: sample(WebhookCreateSchema, {
      url: 'http://127.0.0.1:8787/salestax-events',
      events: ['transaction.committed', 'transaction.refunded', 'transaction.voided'],
      description: 'Order system (local receiver)',
    }),
  },
  'webhooks-list': { query: sample(WebhookListQuerySchema, { limit: '10' }) },
  'webhooks-get': { path: { id: 'we_3c9e1a7f5b2d4c6e8a0b1d3f' } },
  'webhooks-delete': { path: { id: 'we_3c9e1a7f5b2d4c6e8a0b1d3f' } },
  'webhooks-rotate-secret': { path: { id: 'we_3c9e1a7f5b2d4c6e8a0b1d3f' } },
  'events-list': { query: sample(EventListQuerySchema, { type: 'transaction.committed', limit: '10' }) },
  'events-redeliver': { path: { id: 'evt_0mx4k2q7a1c3e5f7b9d1f3a5c7e9b1d3' } },
  // AvaTax reference, companies, customers and certificates: the customer AVA-2001 is created in the
  // company of the seed's NYC location (its number below), read, listed and replaced; the
  // certificates listed are C-ACME's, of the account's own company (DEFAULT).
  'avatax-addresses-resolve': {
    query: sample(AvataxAddressQuerySchema, { line1: '350 Fifth Avenue', city: 'New York', region: 'NY', postalCode: '10118', country: 'US' }),
  },
  'avatax-addresses-resolve-post': {
    body: sample(AvataxAddressBodySchema, {
      line1: '1 Pierrepont Street',
      city: 'Brooklyn',
      region: 'NY',
      postalCode: '11201',
      country: 'US',
      textCase: 'Mixed',
    }),
  },
  'avatax-taxrates-byaddress': {
    query: sample(AvataxRatesByAddressQuerySchema, { line1: '350 Fifth Avenue', city: 'New York', region: 'NY', postalCode: '10118', country: 'US' }),
  },
  'avatax-taxrates-bypostalcode': { query: sample(AvataxRatesByPostalCodeQuerySchema, { country: 'US', postalCode: '64108' }) },
  'avatax-taxcodes-list': { query: sample(AvataxListQuerySchema, { $filter: 'taxCode contains "PC04"', $top: '10' }) },
  'avatax-entityusecodes-list': { query: sample(AvataxListQuerySchema, { $filter: 'code eq G' }) },
  'avatax-companies-list': { query: sample(AvataxListQuerySchema, { $filter: "companyCode eq 'NYC'", $top: '1' }) },
  'avatax-customers-create': {
    path: { companyCode: AVATAX_COMPANY },
    body: sample(AvataxCustomersCreateSchema, [
      {
        customerCode: 'AVA-2001',
        name: 'Harbor Supply Co.',
        line1: '1 Pierrepont Street',
        city: 'Brooklyn',
        region: 'NY',
        postalCode: '11201',
        country: 'US',
        emailAddress: 'purchasing@harbor-supply.example',
      },
    ]),
  },
  'avatax-customers-list': { path: { companyCode: AVATAX_COMPANY }, query: sample(AvataxListQuerySchema, { $filter: "customerCode eq 'AVA-2001'" }) },
  'avatax-customers-get': { path: { companyCode: AVATAX_COMPANY, customerCode: 'AVA-2001' } },
  'avatax-customers-update': {
    path: { companyCode: AVATAX_COMPANY, customerCode: 'AVA-2001' },
    body: sample(AvataxCustomerSchema, {
      customerCode: 'AVA-2001',
      name: 'Harbor Supply Company',
      line1: '1 Pierrepont Street',
      city: 'Brooklyn',
      region: 'NY',
      postalCode: '11201',
      country: 'US',
      phoneNumber: '+1 718 555 0100',
    }),
  },
  'avatax-customer-certificates-list': { path: { companyCode: AVATAX_DEFAULT_COMPANY, customerCode: 'C-ACME' } },
  'avatax-certificates-list': { path: { companyCode: AVATAX_DEFAULT_COMPANY }, query: sample(AvataxListQuerySchema, { $include: 'customers', $top: '10' }) },
};
