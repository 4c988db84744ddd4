// The account `npm start` serves when no seed file is given: one organization with an admin
// sandbox key made fresh for this run (by the service's own key generator, passed in).

export function demoSeed(key: string): unknown {
  const seed = {
    accounts: [
      {
        id: 'acct_demo',
        name: 'Demo Retail',
        modules: ['api_access'],
        nexus: 'all',
        // Room to explore by hand and with scripts; a real account keeps the configured default.
        rate_limits: { general: 600 },
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
  return seed;
}
