// A tenant's configuration: nexus, Illinois posture settings and locations
// (docs/getting-started.md, "The account: settings, locations and catalog").
import { DomainError } from '../errors';

/**
 * Where the seller collects: every state, the states listed, or (`registrations`) each state from
 * the date the seller registered there (PUT /nexus/registrations/{state}).
 */
export type Nexus = 'all' | 'registrations' | readonly string[];

/** A state where the seller registered to collect, and from when. */
export interface NexusRegistration {
  readonly state: string;
  /** YYYY-MM-DD. */
  readonly registered_from: string;
}

export interface IllinoisSettings {
  readonly derive_seller_posture: boolean;
  readonly in_state_selling_enabled: boolean;
}

export interface TenantSettings {
  readonly nexus: Nexus;
  /** By state; what `nexus: registrations` taxes by (and what other settings keep for when it is chosen). */
  readonly registrations: readonly NexusRegistration[];
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

/** Whether a document dated `date` to `state` is taxed under the settings (a document is judged by its own date). */
export function hasNexus(settings: Pick<TenantSettings, 'nexus' | 'registrations'>, state: string, date: string): boolean {
  const { nexus } = settings;
  if (nexus === 'all') return true;
  if (nexus === 'registrations') return settings.registrations.some((r) => r.state === state && r.registered_from <= date);
  return nexus.includes(state);
}

/** The states the settings collect in on `date`. */
export function nexusStates(settings: Pick<TenantSettings, 'nexus' | 'registrations'>, date: string, all: readonly string[]): string[] {
  return all.filter((state) => hasNexus(settings, state, date)).sort();
}
