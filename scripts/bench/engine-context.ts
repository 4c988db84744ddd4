// The engine context the bench's calculations run in: every state collected, no locations, items
// or certificates, dated `today` (noon UTC).
import type { Tenant } from '../../functions/core/access/records';
import type { TaxContent } from '../../functions/core/content/tax-content';
import type { EngineContext } from '../../functions/core/tax/types';

export function benchEngineContext(content: TaxContent, today: string, tenant: Tenant, at = `${today}T12:00:00Z`): EngineContext {
  return {
    content,
    today,
    now: new Date(at),
    tenant,
    settings: {
      nexus: 'all',
      registrations: [],
      illinois: { derive_seller_posture: false, in_state_selling_enabled: false },
      declarationSecret: 'bench',
      updatedAt: '',
    },
    locations: [],
    actingLocation: null,
    items: new Map(),
    certificates: new Map(),
    simulate: null,
  };
}
