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
  nexus: v.optional(v.union([v.literal('all'), v.array(v.string())]), 'all'),
  ilDeriveSellerPosture: v.optional(v.boolean(), false),
  ilInStateSellingEnabled: v.optional(v.boolean(), false),
  declarationSecret: v.string(),
  updatedAt: v.string(),
});

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
    return { UpdateExpression: `SET ${sets.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
  },

  read(item: unknown): TenantSettings {
    const s = parseItem(SettingsItem, item, 'tenant settings');
    return {
      nexus: s.nexus,
      illinois: { derive_seller_posture: s.ilDeriveSellerPosture, in_state_selling_enabled: s.ilInStateSellingEnabled },
      declarationSecret: s.declarationSecret,
      updatedAt: s.updatedAt,
    };
  },
};
