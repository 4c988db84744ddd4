// Everything the engine needs besides the document, gathered for one request: content, the
// tenant's settings and locations (cached), the acting location, the SKUs the lines name (one
// BatchGet) and the certificates the document selects.
import { taxContent } from '../adapters/content/content-file';
import { actingLocation, type Principal } from '../core/access/authorize';
import type { Tenant } from '../core/access/records';
import { locationNamed, type CatalogItem } from '../core/account/settings';
import type { CertificateGrant, EngineContext, SimulatedFault } from '../core/tax/types';
import type { DocumentInput } from '../schemas/document';
import { storedCertificates } from './certificate-service';
import { services } from './services';
import { tenantConfig } from './tenant-config';

const SIMULATIONS: readonly SimulatedFault[] = ['il_rate_index_not_ready', 'il_rate_lookup_failed', 'internal_error'];

/** Sandbox fault simulation (contract §1.7); production keys never simulate. */
export function simulatedFault(principal: Principal, headers: Readonly<Record<string, string | undefined>>): SimulatedFault | null {
  const asked = headers['x-simulate']?.trim();
  if (principal.environment !== 'sandbox' || !asked) return null;
  return SIMULATIONS.includes(asked as SimulatedFault) ? (asked as SimulatedFault) : null;
}

/** Raised by a handler when a sandbox request asks for `X-Simulate: internal_error`. */
export class SimulatedInternalError extends Error {}

export interface CertificateResolver {
  (tenant: Tenant, principal: Principal, doc: DocumentInput, date: string): Promise<Map<string, CertificateGrant>>;
}

export interface ContextRequest {
  readonly principal: Principal;
  readonly now: Date;
  readonly headers: Readonly<Record<string, string | undefined>>;
}

export async function engineContext(request: ContextRequest, tenant: Tenant, doc: DocumentInput, certificates: CertificateResolver = storedCertificates): Promise<EngineContext> {
  const simulate = simulatedFault(request.principal, request.headers);
  if (simulate === 'internal_error') throw new SimulatedInternalError('simulated internal error');
  const config = await tenantConfig(tenant);
  const locationCode = actingLocation(request.principal, doc.location_code);
  // A key's own location always exists; a location the request names must.
  const location = locationCode === null ? null : doc.location_code != null ? locationNamed(config.locations, locationCode) : (config.locations.find((l) => l.code === locationCode) ?? null);
  const skus = doc.lines.filter((l) => l.tax_code == null && l.item_code != null).map((l) => l.item_code!);
  const items: Map<string, CatalogItem> = skus.length > 0 ? await services().tenants.itemsBySku(tenant, skus) : new Map();
  const today = request.now.toISOString().slice(0, 10);
  return {
    content: taxContent(),
    today,
    now: request.now,
    tenant,
    settings: config.settings,
    locations: config.locations,
    actingLocation: location,
    items,
    certificates: await certificates(tenant, request.principal, doc, doc.date ?? today),
    simulate,
  };
}
