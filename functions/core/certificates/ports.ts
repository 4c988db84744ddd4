// Ports of exemption certificates: their storage, and the resolver that turns the certificates a
// document selects into the grants the engine applies.
import type { Principal } from '../access/authorize';
import type { Tenant } from '../access/records';
import type { EventDraft } from '../events/catalogue';
import type { Page, PageRequest } from '../lists/paging';
import type { CertificateGrant } from '../tax/types';
import type { Certificate } from './certificate';

export interface StoredCertificate {
  readonly certificate: Certificate;
  readonly version: number;
}

export interface CertificateFilters {
  readonly customer_code?: string | undefined;
  /** A location-scoped reader sees its location's certificates only. */
  readonly location_code?: string | null | undefined;
}

export interface CertificateRepository {
  /** Writes the certificate and lists it on its customer in one write; `not_found` when the customer does not exist. */
  create(tenant: Tenant, certificate: Certificate): Promise<void>;
  get(tenant: Tenant, id: string): Promise<StoredCertificate | null>;
  /** The certificates among `ids` that exist. */
  getMany(tenant: Tenant, ids: readonly string[]): Promise<Map<string, Certificate>>;
  /** Writes a changed certificate if it is still at `expectedVersion` (StaleWrite otherwise), with its events. */
  update(tenant: Tenant, certificate: Certificate, expectedVersion: number, events: readonly EventDraft[]): Promise<void>;
  list(tenant: Tenant, filters: CertificateFilters, page: PageRequest): Promise<Page<Certificate>>;
}

/** What a document says about certificates: the document-level one and each line's. */
export interface CertificateSelecting {
  readonly customer_code?: string | null | undefined;
  readonly exemption_certificate_id?: string | null | undefined;
  readonly lines: readonly { readonly exemption_certificate_id?: string | null | undefined }[];
}

export interface CertificateResolver {
  /**
   * The grant of every certificate the document selects, each active, assigned to the document's
   * customer, visible to the principal and effective on `date`; otherwise
   * exemption_certificate_not_found naming every failing selection.
   */
  resolve(tenant: Tenant, principal: Pick<Principal, 'locationCode'>, doc: CertificateSelecting, date: string): Promise<ReadonlyMap<string, CertificateGrant>>;
}
