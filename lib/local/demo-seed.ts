// The account `npm start` serves when no seed file is given: one organization with an admin
// sandbox key made fresh for this run.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function demoSeed(): { seed: unknown; key: string } {
  const key = `stx_test_${[...randomBytes(32)].map((b) => ALPHABET[b % 62]).join('')}`;
  const seed = {
    accounts: [
      {
        id: 'acct_demo',
        name: 'Demo Retail',
        modules: ['api_access'],
        nexus: 'all',
        illinois: { derive_seller_posture: false, in_state_selling_enabled: false },
        locations: [
          { code: 'NYC', name: 'New York store', state: 'NY', zip: '10001', illinois_verified: false },
          { code: 'CHI', name: 'Chicago store', state: 'IL', zip: '60601', illinois_verified: true },
        ],
        customers: [],
        items: [{ sku: 'MILK-1', tax_code: '40030' }],
        keys: [{ key, environment: 'sandbox', scopes: ['*'], location_code: null, status: 'active', expires_at: null, name: 'demo admin' }],
      },
    ],
    practices: [],
  };
  return { seed, key };
}
