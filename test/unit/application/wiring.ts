// The application services over in-memory ports, as the composition root wires them over DynamoDB.
import { taxContent } from '../../../functions/adapters/content/content-file';
import { accountService } from '../../../functions/application/account';
import { Authenticator } from '../../../functions/application/authentication';
import { calculationService } from '../../../functions/application/calculations';
import { certificateService, storedCertificateResolver } from '../../../functions/application/certificates';
import { customerService } from '../../../functions/application/customers';
import type { EngineContextPorts } from '../../../functions/application/engine-context';
import { keyService } from '../../../functions/application/keys';
import { TenantConfigs } from '../../../functions/application/tenant-configs';
import { transactionService } from '../../../functions/application/transactions';
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
  const engine: EngineContextPorts = { content: taxContent, tenantConfigs, catalog: tenants, certificates: storedCertificateResolver(certificatesStore) };
  const customers = customerService({ customers: customersStore, tenantConfigs });
  return {
    stores: { tenants, customers: customersStore, certificates: certificatesStore, access, usageKeys, docs },
    calculations: calculationService(engine),
    transactions: transactionService({ documents: docs.documents, engine }),
    customers,
    certificates: certificateService({ certificates: certificatesStore, customers }),
    keys: keyService({ access, tenants, usageKeys, authenticator }),
    account: accountService({ access, tenants, tenantConfigs, authenticator, taxCode: (code) => taxContent().taxCode(code) }),
    authenticator,
  };
}
