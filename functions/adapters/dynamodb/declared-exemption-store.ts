// The declared-exemption records of a tenant (entities/declared-exemption.ts), read as a list; the
// document store writes them in the documents' own transactions (transaction-store.ts).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import type { DeclaredGap } from '../../core/exemptions/declared';
import type { DeclaredExemptionRepository } from '../../core/exemptions/ports';
import type { Page, PageRequest } from '../../core/lists/paging';
import { declaredExemptionEntity } from './entities/declared-exemption';
import { listPage } from './query-page';

export class DeclaredExemptionStore implements DeclaredExemptionRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly tenant: Tenant,
  ) {}

  async list(page: PageRequest): Promise<Page<DeclaredGap>> {
    const { items, next_cursor } = await listPage(this.db, this.table, declaredExemptionEntity.list(this.tenant), [], page);
    return { data: items.map(declaredExemptionEntity.read), next_cursor };
  }
}
