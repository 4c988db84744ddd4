// A tenant's configuration: nexus, Illinois posture settings and locations
// (docs/getting-started.md, "The account: settings, locations and catalog").
import { DomainError } from '../errors';

export type Nexus = 'all' | readonly string[];

export interface IllinoisSettings {
  readonly derive_seller_posture: boolean;
  readonly in_state_selling_enabled: boolean;
}

export interface TenantSettings {
  readonly nexus: Nexus;
  readonly illinois: IllinoisSettings;
  /** HMAC secret for Illinois seller declarations; never leaves the service. */
  readonly declarationSecret: string;
  readonly updatedAt: string;
}

export interface Location {
  readonly code: string;
  readonly name: string;
  readonly state: string;
  readonly zip: string;
  readonly illinois_verified: boolean;
  readonly created_at: string;
}

export interface CatalogItem {
  readonly sku: string;
  readonly tax_code: string;
  readonly description: string | null;
  readonly created_at: string;
}

export interface TenantConfig {
  readonly settings: TenantSettings;
  readonly locations: readonly Location[];
}

/** The location a request names; an unknown code is 404 not_found wherever it is named. */
export function locationNamed(locations: readonly Location[], code: string, target = 'location_code'): Location {
  const location = locations.find((l) => l.code === code);
  if (!location)
    throw new DomainError('not_found', 'No location of this account has this code.', [
      { code: 'not_found', target, message: 'No location of this account has this code.' },
    ]);
  return location;
}

export const DEFAULT_ILLINOIS: IllinoisSettings = { derive_seller_posture: false, in_state_selling_enabled: false };

export function hasNexus(nexus: Nexus, state: string): boolean {
  return nexus === 'all' || nexus.includes(state);
}
