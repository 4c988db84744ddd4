// The application use cases over in-memory ports, bound the way the composition root binds them
// over DynamoDB, grouped by capability for the tests' convenience.
import { taxContent } from '../../../functions/adapters/content/content-file';
import * as account from '../../../functions/application/account';
import { Authenticator } from '../../../functions/application/authentication';
import * as calculations from '../../../functions/application/calculations';
import type { TenantCall } from '../../../functions/application/call';
import * as certificates from '../../../functions/application/certificates';
import * as customers from '../../../functions/application/customers';
import type { CalculationOptions, EngineContextPorts } from '../../../functions/application/engine-context';
import * as keys from '../../../functions/application/keys';
import { TenantConfigs } from '../../../functions/application/tenant-configs';
import * as transactions from '../../../functions/application/transactions';
import type { PageRequest } from '../../../functions/core/lists/paging';
import type { DocumentInput } from '../../../functions/core/tax/input';
import { FakeAccess, FakeCertificates, FakeCustomers, FakeTenants, FakeUsageKeys, fakeDocuments } from '../../support/fakes';

export function wired() {
  const tenants = new FakeTenants();
  const customersStore = new FakeCustomers();
  const certificatesStore = new FakeCertificates(customersStore);
  const access = new FakeAccess();
  const usageKeys = new FakeUsageKeys();
  const docs = fakeDocuments();
  const tenantConfigs = new TenantConfigs(tenants, 0);
  const authenticator = new Authenticator(access, 0);
  const engine: EngineContextPorts = {
    content: taxContent,
    tenantConfigs,
    catalog: tenants,
    certificates: certificates.storedCertificateResolver(certificatesStore),
  };
  const txPorts = { documents: docs.documents, engine };
  const customerPorts = { customers: customersStore, tenantConfigs };
  const certificatePorts = { certificates: certificatesStore, customers: customersStore };
  const keyPorts = { access, tenants, usageKeys, authenticator };
  const accountPorts = { access, tenants, tenantConfigs, authenticator, taxCode: (code: string) => taxContent().taxCode(code) };
  return {
    stores: { tenants, customers: customersStore, certificates: certificatesStore, access, usageKeys, docs },
    calculations: {
      calculate: (call: TenantCall, doc: DocumentInput, options?: CalculationOptions) => calculations.calculateDocument(engine, call, doc, options),
      estimate: (call: TenantCall, input: calculations.EstimateInput, options?: CalculationOptions) => calculations.estimateTax(engine, call, input, options),
    },
    transactions: {
      commit: (call: TenantCall, input: transactions.CommitInput, options?: CalculationOptions) =>
        transactions.commitTransaction(txPorts, call, input, options),
      get: (call: TenantCall, code: string) => transactions.getTransaction(txPorts, call, code),
      list: (call: TenantCall, filters: Parameters<typeof transactions.listTransactions>[2], page: PageRequest) =>
        transactions.listTransactions(txPorts, call, filters, page),
      refund: (call: TenantCall, code: string, input: transactions.RefundInput) => transactions.refundTransaction(txPorts, call, code, input),
      credit: (call: TenantCall, code: string, input: transactions.CreditInput) => transactions.creditTransaction(txPorts, call, code, input),
      void: (call: TenantCall, code: string, input: transactions.VoidInput) => transactions.voidTransaction(txPorts, call, code, input),
      adjust: (call: TenantCall, input: transactions.AdjustmentInput, options?: CalculationOptions) =>
        transactions.adjustTransaction(txPorts, call, input, options),
    },
    customers: {
      create: (call: TenantCall, input: customers.CustomerInput) => customers.createCustomer(customerPorts, call, input),
      get: (call: TenantCall, code: string) => customers.getCustomer(customerPorts, call, code),
      list: (call: TenantCall, page: PageRequest) => customers.listCustomers(customerPorts, call, page),
    },
    certificates: {
      create: (call: TenantCall, input: certificates.CertificateInput) => certificates.createCertificate(certificatePorts, call, input),
      activate: (call: TenantCall, id: string, request: Parameters<typeof certificates.activateCertificate>[3]) =>
        certificates.activateCertificate(certificatePorts, call, id, request),
      assign: (call: TenantCall, customerCode: string, id: string) => certificates.assignCertificate(certificatePorts, call, customerCode, id),
    },
    keys: {
      issue: (call: TenantCall, input: keys.KeyInput) => keys.issueKey(keyPorts, call, input),
      list: (call: TenantCall, page: PageRequest) => keys.listKeys(keyPorts, call, page),
      revoke: (call: TenantCall, id: string) => keys.revokeKey(keyPorts, call, id),
    },
    account: {
      update: (call: TenantCall, patch: account.AccountPatch) => account.updateAccount(accountPorts, call, patch),
      createLocation: (call: TenantCall, input: account.LocationInput) => account.createLocation(accountPorts, call, input),
      listLocations: (call: TenantCall, page: PageRequest) => account.listLocations(accountPorts, call, page),
      putItem: (call: TenantCall, input: account.ItemInput) => account.putItem(accountPorts, call, input),
      declare: (call: TenantCall, sellerClass: 'remote' | 'marketplace' | 'in_state', expiresAt: string | null) =>
        account.declareSellerPosture(accountPorts, call, sellerClass, expiresAt),
    },
    authenticator,
    /** The ports themselves, for use cases whose tests bind their own (batches). */
    ports: { transactions: txPorts, tenantConfigs },
  };
}
