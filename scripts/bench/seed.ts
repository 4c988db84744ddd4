// The seed of the local runner the bench starts: its own two accounts (a raised limit, and the
// default limits) and the accounts of the parts that need their own.
import { CAPACITY_SEED_ACCOUNT } from './capacity';
import { NEXUS_SEED_ACCOUNT } from './nexus';
import { RETURNS_SEED } from './returns';
import { DEFAULT_KEY, KEY } from './settings';
import { WEBHOOKS_SEED_ACCOUNT } from './webhooks';

export const BENCH_SEED = {
  accounts: [
    {
      id: 'acct_bench',
      name: 'Bench',
      modules: ['api_access'],
      // Raised batch bucket too: the ERP load submits 20 batches at once.
      rate_limits: { general: 10_000_000, batch_submissions: 1_000 },
      keys: [{ key: KEY, environment: 'sandbox', scopes: ['*'] }],
    },
    {
      id: 'acct_bench_default',
      name: 'Bench, default limits',
      modules: ['api_access'],
      keys: [{ key: DEFAULT_KEY, environment: 'sandbox', scopes: ['*'] }],
    },
    ...RETURNS_SEED.accounts,
    WEBHOOKS_SEED_ACCOUNT,
    CAPACITY_SEED_ACCOUNT,
    NEXUS_SEED_ACCOUNT,
  ],
  practices: RETURNS_SEED.practices,
};
