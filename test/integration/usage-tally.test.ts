// The deferred count of calculations (functions/application/usage.ts UsageTally) against DynamoDB
// Local through the fault layer: a flush that times out after DynamoDB applied it, and one sent
// twice, still add their units once (each flush is numbered, each item keeps the last number
// applied), and a failed flush loses nothing.
import { randomBytes } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { UsageStore } from '../../functions/adapters/dynamodb/usage-store';
import { UsageTally } from '../../functions/application/usage';
import type { UsageCharge } from '../../functions/core/usage/usage';
import { localTableName } from '../../lib/local/provision';
import { USAGE_TABLE } from '../../lib/resources';
import { db, faultyDb } from '../support/dynamo';
import { describeLocal } from '../support/target';

const TABLE = localTableName(USAGE_TABLE);
const faultsBefore = process.env.STX_FAULTS;
afterEach(() => {
  if (faultsBefore === undefined) delete process.env.STX_FAULTS;
  else process.env.STX_FAULTS = faultsBefore;
});

describeLocal('the calculation tally', () => {
  it('stores every unit once through timeouts after apply, duplicate sends and failures', async () => {
    const accountId = `acct_tally_${randomBytes(4).toString('hex')}`;
    const charge = (kind: UsageCharge['kind'], keyId: string): UsageCharge => ({
      owner: { accountId, environment: 'sandbox', keyId },
      day: '2026-11-26',
      kind,
      units: 1,
    });
    // Two processes, each with its tally: their slots and sequence numbers never meet.
    const tallies = [new UsageTally(() => new UsageStore(faultyDb(), TABLE), 3_600_000), new UsageTally(() => new UsageStore(faultyDb(), TABLE), 3_600_000)];
    process.env.STX_FAULTS = 'dynamodb:UpdateItem:timeout:2,dynamodb:UpdateItem:duplicate:3,dynamodb:UpdateItem:throttle:5';
    let failed = 0;
    for (let i = 0; i < 30; i++) {
      const tally = tallies[i % 2]!;
      tally.count(charge('calculation', 'key_a'));
      if (i % 3 === 0) tally.count(charge('estimate', 'key_b'));
      await tally.flush().catch(() => failed++);
    }
    expect(failed).toBeGreaterThan(3);
    delete process.env.STX_FAULTS;
    for (const tally of tallies) await tally.flush();
    expect(tallies.map((t) => t.unflushed)).toEqual([0, 0]);
    const rows = await new UsageStore(db(), TABLE).read(accountId, '2026-11-26', '2026-11-26');
    const sum = (kind: string) => rows.reduce((n, r) => n + ((r.units as Record<string, number>)[kind] ?? 0), 0);
    expect({ calculation: sum('calculation'), estimate: sum('estimate') }).toEqual({ calculation: 30, estimate: 10 });
  });
});
