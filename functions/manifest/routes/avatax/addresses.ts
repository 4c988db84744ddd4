// AvaTax's address resolution, from the ZIP codes the tax content knows: any valid key, not billed.
// These functions alone ship the ZIP centroids asset (functions/adapters/content/zip-centroids-file.ts)
// beside the tax content, so no other function carries or loads it.
import type { RouteDef } from '../../route';
import { AVATAX } from './surface';

const ADDRESSES = { ...AVATAX, scope: null, credential: 'any', content: true, files: ['content/zip-centroids.json'] } as const satisfies Partial<RouteDef>;

export const AVATAX_ADDRESSES_RESOLVE = {
  ...ADDRESSES,
  id: 'avatax-addresses-resolve',
  method: 'GET',
  path: '/addresses/resolve',
  handler: 'avatax/addresses/resolve',
} as const satisfies RouteDef;

export const AVATAX_ADDRESSES_RESOLVE_POST = {
  ...ADDRESSES,
  id: 'avatax-addresses-resolve-post',
  method: 'POST',
  path: '/addresses/resolve',
  handler: 'avatax/addresses/resolve-post',
} as const satisfies RouteDef;

export const AVATAX_ADDRESSES_ROUTES = [AVATAX_ADDRESSES_RESOLVE, AVATAX_ADDRESSES_RESOLVE_POST] as const;
