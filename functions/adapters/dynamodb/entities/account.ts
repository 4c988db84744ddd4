// An account's profile: its name, modules and rate-limit overrides, in the account's partition
// (where the listing entries of its keys are too).
import * as v from 'valibot';
import type { AccountRecord } from '../../../core/access/records';
import { parseItem } from '../item-schema';
import type { ItemKey } from './keys';

/** Rate-limit overrides of an account or practice (absent in older items: none). */
export const RateLimitsAttribute = v.optional(
  v.object({ general: v.optional(v.number()), batch_submissions: v.optional(v.number()), estimates: v.optional(v.number()) }),
  {},
);

const AccountItem = v.object({ name: v.string(), modules: v.array(v.string()), rateLimits: RateLimitsAttribute });

export const accountEntity = {
  key: (accountId: string): ItemKey => ({ PK: `ACCOUNT#${accountId}`, SK: 'PROFILE' }),

  item: (account: AccountRecord): Record<string, unknown> => ({
    ...accountEntity.key(account.id),
    entity: 'account',
    name: account.name,
    modules: [...account.modules],
    rateLimits: account.rateLimits,
  }),

  read(accountId: string, item: unknown): AccountRecord {
    const a = parseItem(AccountItem, item, 'account');
    return { id: accountId, name: a.name, modules: a.modules, rateLimits: a.rateLimits };
  },
};
