// Everything the engine needs besides the document, gathered for one call: content, the tenant's
// settings and locations (cached), the acting location, the SKUs the lines name (one batch read)
// and the certificates the document selects.
import { actingLocation } from '../core/access/authorize';
import type { TenantRepository } from '../core/account/ports';
import { type CatalogItem, locationNamed } from '../core/account/settings';
import type { CertificateResolver } from '../core/certificates/ports';
import type { TaxContent } from '../core/content/tax-content';
import { SimulatedInternalError } from '../core/simulation';
import type { DocumentInput } from '../core/tax/input';
import type { EngineContext, SimulatedFault } from '../core/tax/types';
import { dayOf, type TenantCall } from './call';
import type { TenantConfigs } from './tenant-configs';

export interface EngineContextPorts {
  readonly content: () => TaxContent;
  readonly tenantConfigs: TenantConfigs;
  readonly catalog: Pick<TenantRepository, 'itemsBySku'>;
  readonly certificates: CertificateResolver;
}

export interface CalculationOptions {
  /** Sandbox fault simulation, already judged by environment (production keys never simulate). */
  readonly simulate?: SimulatedFault | null;
}

export async function engineContext(ports: EngineContextPorts, call: TenantCall, doc: DocumentInput, options: CalculationOptions): Promise<EngineContext> {
  const simulate = options.simulate ?? null;
  if (simulate === 'internal_error') throw new SimulatedInternalError('simulated internal error');
  const { principal, now } = call;
  const { tenant } = principal;
  const config = await ports.tenantConfigs.get(tenant);
  const locationCode = actingLocation(principal, doc.location_code);
  // A key's own location always exists; a location the request names must.
  const location =
    locationCode === null
      ? null
      : doc.location_code != null
        ? locationNamed(config.locations, locationCode)
        : (config.locations.find((l) => l.code === locationCode) ?? null);
  const skus = doc.lines.flatMap((l) => (l.tax_code == null && l.item_code != null ? [l.item_code] : []));
  const items: Map<string, CatalogItem> = skus.length > 0 ? await ports.catalog.itemsBySku(tenant, skus) : new Map();
  const today = dayOf(now);
  return {
    content: ports.content(),
    today,
    now,
    tenant,
    settings: config.settings,
    locations: config.locations,
    actingLocation: location,
    items,
    certificates: await ports.certificates.resolve(tenant, principal, doc, doc.date ?? today),
    simulate,
  };
}
