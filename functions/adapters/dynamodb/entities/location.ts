// A tenant's location (a store or warehouse keys may be scoped to): one item in the tenant's
// partition, under the configuration prefix it shares with the settings.
import * as v from 'valibot';
import type { Tenant } from '../../../core/access/records';
import type { Location } from '../../../core/account/settings';
import { parseItem } from '../item-schema';
import { type ItemKey, tenantPartition } from './keys';
import { CONFIG_PREFIX } from './tenant-settings';

const LOCATION_PREFIX = `${CONFIG_PREFIX}LOCATION#`;

const LocationItem = v.object({
  code: v.string(),
  name: v.string(),
  state: v.string(),
  zip: v.string(),
  illinois_verified: v.optional(v.boolean(), false),
  created_at: v.string(),
});

export const locationEntity = {
  key: (t: Tenant, code: string): ItemKey => ({ PK: tenantPartition(t), SK: `${LOCATION_PREFIX}${code}` }),

  /** Whether an item of the tenant's configuration is a location. */
  isLocation: (item: Record<string, unknown>): boolean => String(item.SK).startsWith(LOCATION_PREFIX),

  item: (t: Tenant, location: Location): Record<string, unknown> => ({ ...locationEntity.key(t, location.code), entity: 'location', ...location }),

  read(item: unknown): Location {
    const l = parseItem(LocationItem, item, 'location');
    return { code: l.code, name: l.name, state: l.state, zip: l.zip, illinois_verified: l.illinois_verified, created_at: l.created_at };
  },
};
