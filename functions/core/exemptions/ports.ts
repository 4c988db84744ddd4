// Port of the declared-exemption records (declared.ts); the document store writes them.
import type { Page, PageRequest } from '../lists/paging';
import type { DeclaredGap } from './declared';

export interface DeclaredExemptionRepository {
  /** The tenant's records, newest first (by the first document that relied on each). */
  list(page: PageRequest): Promise<Page<DeclaredGap>>;
}
