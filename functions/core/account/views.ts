// Public shapes of administration records: what GET/POST answers show, and nothing secret.
import type { AccountRecord, ApiKeyRecord, Environment } from '../access/records';
import { accountNumber } from '../avatax/ids';
import type { EffectiveLimits } from '../limits/rate-limits';
import type { Location, TenantSettings } from './settings';

export function accountView(account: AccountRecord, environment: Environment, settings: TenantSettings, limits: EffectiveLimits) {
  return {
    object: 'account' as const,
    id: account.id,
    // The account as AvaTax-compatible clients name it: strict ones accept a number only.
    avatax_account_id: accountNumber(account.id),
    name: account.name,
    environment,
    modules: [...account.modules],
    nexus: typeof settings.nexus === 'string' ? settings.nexus : [...settings.nexus],
    nexus_registrations: settings.registrations.map((r) => ({ state: r.state, registered_from: r.registered_from })),
    illinois: { ...settings.illinois },
    rate_limits: { general: limits.general, batch_submissions: limits.batch_submissions, estimates: limits.estimates },
  };
}

export function keyView(key: ApiKeyRecord) {
  return {
    object: 'api_key' as const,
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    environment: key.environment,
    scopes: [...key.scopes],
    location_code: key.locationCode,
    status: key.status,
    expires_at: key.expiresAt,
    created_at: key.createdAt,
  };
}

export const locationView = (location: Location) => ({ object: 'location' as const, ...location });
