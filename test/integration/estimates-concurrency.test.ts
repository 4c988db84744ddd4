// The in-process cap on concurrent estimates (at most 4 in flight per application process,
// docs/getting-started.md, "Limits"): requests beyond it are refused at once with 429 and
// Retry-After: 1, not queued.
import { expect, inject, it } from 'vitest';
import { inProcess } from '../../lib/local/invoke';
import { KEYS } from '../fixtures/seed';
import { describeLocal } from '../support/target';

describeLocal('estimate concurrency', () => {
  it('lets 4 estimates run at once in a process and refuses the rest with Retry-After 1', async () => {
    const { invoke } = inProcess(inject('dynamoEndpoint'));
    const body = { ship_to: { state: 'NY', zip: '10001' }, amount: 25 };
    // The admin account's estimate bucket is raised, so only the concurrency cap can refuse.
    await invoke('POST', '/api/v1/estimates', KEYS.admin, body);
    const results = await Promise.all(Array.from({ length: 12 }, () => invoke('POST', '/api/v1/estimates', KEYS.admin, body)));
    const refused = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(4);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.body.error.code).toBe('rate_limit_exceeded');
      expect(r.headers['Retry-After']).toBe('1');
    }
    // Slots are released: a later call succeeds again.
    expect((await invoke('POST', '/api/v1/estimates', KEYS.admin, body)).status).toBe(200);
  });
});
