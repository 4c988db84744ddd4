// Loading a seed again on existing data (a restart of `npm start` on its data directory) is an
// upsert: no error, no second key, location or customer, and what exists is kept.
import { describe, expect, it } from 'vitest';
import { loadSeed, parseSeed } from '../../../functions/handlers/admin/seed';
import { SEED } from '../../fixtures/seed';
import { FakeAccess, FakeCustomers, FakeTenants, FakeUsageKeys } from '../../support/fakes';

describe('loadSeed', () => {
  it('loads the same seed twice without an error or a duplicate', async () => {
    const stores = { access: new FakeAccess(), tenants: new FakeTenants(), customers: new FakeCustomers(), usageKeys: new FakeUsageKeys() };
    const seed = parseSeed({
      ...SEED,
      accounts: SEED.accounts.map((a, i) => (i === 0 ? { ...a, customers: [{ customer_code: 'C1', name: 'One' }] } : a)),
    });
    const first = await loadSeed(seed, stores, new Date('2026-01-01T00:00:00Z'));
    const snapshot = () => ({
      keys: [...stores.access.keys.values()].map((k) => `${k.key.id}:${k.hash}`).sort(),
      locations: [...stores.tenants.locations.values()].flat().length,
      customers: stores.customers.customers.size,
      items: [...stores.tenants.items.values()].flat().length,
      gateway: stores.usageKeys.registered.length,
    });
    const before = snapshot();
    expect(before.keys.length).toBe(first.keys);
    expect(before.customers).toBe(2);
    await loadSeed(seed, stores, new Date('2026-01-02T00:00:00Z'));
    expect(snapshot()).toEqual(before);
  });
});
