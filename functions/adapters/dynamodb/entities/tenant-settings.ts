// A tenant's settings (nexus, Illinois posture, the declaration secret): one item in the tenant's
// partition, created or merged by one UpdateItem. Settings and locations share a sort-key prefix,
// so one Query reads a tenant's whole configuration.
import * as v from 'valibot';
import type { Tenant } from '../../../core/access/records';
import type { SettingsPatch } from '../../../core/account/ports';
import type { TenantSettings } from '../../../core/account/settings';
import { parseItem } from '../item-schema';
import { type ItemKey, tenantPartition } from './keys';

/** The sort-key prefix of a tenant's configuration: its settings and its locations. */
export const CONFIG_PREFIX = 'CONFIG#';

const SettingsItem = v.object({
  nexus: v.optional(v.union([v.literal('all'), v.literal('registrations'), v.array(v.string())]), 'all'),
  ilDeriveSellerPosture: v.optional(v.boolean(), false),
  ilInStateSellingEnabled: v.optional(v.boolean(), false),
  declarationSecret: v.string(),
  updatedAt: v.string(),
});

/** A registration is an attribute of its own (`reg_<state>`: its date), so setting one never rewrites the others. */
const REGISTRATION = 'reg_';

export const tenantSettingsEntity = {
  key: (t: Tenant): ItemKey => ({ PK: tenantPartition(t), SK: `${CONFIG_PREFIX}SETTINGS` }),

  /**
   * The UpdateItem expression that creates or merges the settings: what the patch names, the time,
   * and a declaration secret only if the item has none yet (it is never replaced).
   */
  update(patch: SettingsPatch, at: string, newSecret: string) {
    const names: Record<string, string> = { '#u': 'updatedAt', '#d': 'declarationSecret', '#e': 'entity' };
    const values: Record<string, unknown> = { ':at': at, ':secret': newSecret, ':entity': 'tenant_settings' };
    const sets = ['#u = :at', '#d = if_not_exists(#d, :secret)', '#e = :entity'];
    const assign = (attribute: string, value: unknown): void => {
      names[`#${attribute}`] = attribute;
      values[`:${attribute}`] = value;
      sets.push(`#${attribute} = :${attribute}`);
    };
    if (patch.nexus !== undefined) assign('nexus', patch.nexus);
    if (patch.illinois?.derive_seller_posture !== undefined) assign('ilDeriveSellerPosture', patch.illinois.derive_seller_posture);
    if (patch.illinois?.in_state_selling_enabled !== undefined) assign('ilInStateSellingEnabled', patch.illinois.in_state_selling_enabled);
    const removes: string[] = [];
    if (patch.registration) {
      const attribute = `${REGISTRATION}${patch.registration.state}`;
      if (patch.registration.registered_from === null) {
        names[`#${attribute}`] = attribute;
        removes.push(`#${attribute}`);
      } else assign(attribute, patch.registration.registered_from);
    }
    const expression = `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`;
    return { UpdateExpression: expression, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
  },

  read(item: unknown): TenantSettings {
    const s = parseItem(SettingsItem, item, 'tenant settings');
    const registrations = Object.entries(item as Record<string, unknown>)
      .filter(([name, value]) => name.startsWith(REGISTRATION) && typeof value === 'string')
      .map(([name, value]) => ({ state: name.slice(REGISTRATION.length), registered_from: value as string }))
      .sort((a, b) => a.state.localeCompare(b.state));
    return {
      nexus: s.nexus,
      registrations,
      illinois: { derive_seller_posture: s.ilDeriveSellerPosture, in_state_selling_enabled: s.ilInStateSellingEnabled },
      declarationSecret: s.declarationSecret,
      updatedAt: s.updatedAt,
    };
  },
};
