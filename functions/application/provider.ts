// What a service provider sees of its portfolio: the engagements its key may act for, and the
// client a request's client context selects.
import type { ClientPrincipal, ProviderPrincipal } from '../core/access/authorize';
import type { AccountRecord, Engagement } from '../core/access/records';
import { type Page, type PageRequest, pageInMemory } from '../core/lists/paging';
import type { Authenticator } from './authentication';
import type { Call } from './call';

export interface EngagementEntry {
  readonly engagement: Engagement;
  readonly client: AccountRecord | null;
}

export interface ProviderPorts {
  readonly accounts: Pick<Authenticator, 'account'>;
}

/** The engagements of the practice the key is not fenced from, highest id first; client names for the page only. */
export async function listEngagements(ports: ProviderPorts, call: Call<ProviderPrincipal>, page: PageRequest): Promise<Page<EngagementEntry>> {
  const { key, practice } = call.principal;
  const visible = practice.engagements.filter((e) => key.engagementIds === null || key.engagementIds.includes(e.id)).sort((a, b) => b.id - a.id);
  const found = pageInMemory(visible, (e) => String(e.id), page);
  const data = await Promise.all(found.data.map(async (engagement) => ({ engagement, client: await ports.accounts.account(engagement.clientAccountId) })));
  return { data, next_cursor: found.next_cursor };
}

/** The client engagement a request's client context selects. */
export async function selectedClient(ports: ProviderPorts, call: Call<ClientPrincipal>): Promise<EngagementEntry> {
  return { engagement: call.principal.engagement, client: await ports.accounts.account(call.principal.tenant.accountId) };
}
