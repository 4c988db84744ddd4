// In-memory implementations of the core's ports, for unit tests of the application services. They
// keep the contracts the DynamoDB stores keep (conditions on create and version, duplicate codes,
// opaque cursors through the core's paging), so a service test exercises the same decisions.
import type { Principal, TenantPrincipal } from '../../functions/core/access/authorize';
import type { AccessRepository, KeyOwner, UsageKeyRegistry } from '../../functions/core/access/ports';
import type { AccountRecord, ApiKeyRecord, PracticeRecord, Tenant } from '../../functions/core/access/records';
import type { SettingsPatch, TenantRepository } from '../../functions/core/account/ports';
import { type CatalogItem, DEFAULT_ILLINOIS, type Location, type TenantConfig, type TenantSettings } from '../../functions/core/account/settings';
import {
  type BatchHeader,
  type BatchItem,
  type BatchKind,
  type BatchStatus,
  type ChunkTally,
  chunkRange,
  type PendingItem,
} from '../../functions/core/batches/batch';
import {
  type BatchQueue,
  type BatchRepository,
  type BatchSignals,
  type ChunkMessage,
  type ChunkState,
  ItemAlreadyFinished,
  type ItemResult,
  type ItemsPageRequest,
} from '../../functions/core/batches/ports';
import type { Certificate } from '../../functions/core/certificates/certificate';
import type { CertificateFilters, CertificateRepository, StoredCertificate } from '../../functions/core/certificates/ports';
import type { Customer, CustomerChanges } from '../../functions/core/customers/customer';
import type { CustomerRepository } from '../../functions/core/customers/ports';
import { DomainError } from '../../functions/core/errors';
import type { EventDraft } from '../../functions/core/events/catalogue';
import type { RateCounter } from '../../functions/core/limits/ports';
import { windowAt } from '../../functions/core/limits/rate-limits';
import { type Page, type PageRequest, pageInMemory } from '../../functions/core/lists/paging';
import type { SummaryRepository } from '../../functions/core/returns/ports';
import { emptyTotals, keyOf, type SummaryTotals, summaryDeltas, sumTotals } from '../../functions/core/returns/summary';
import {
  type DocumentChange,
  StaleWrite,
  type Stored,
  type TransactionFilters,
  type TransactionRepository,
  type WriteOutcome,
} from '../../functions/core/transactions/repository';
import { type TransactionSummary, transactionSummaryView } from '../../functions/core/transactions/view';

/**
 * Batches of one tenant, with the store's conditions: an item is finished once, a chunk tallied
 * once, a batch finished once.
 */
export class FakeBatches implements BatchRepository {
  readonly headers = new Map<string, BatchHeader>();
  readonly rows = new Map<string, Map<number, { pending: PendingItem | null; item: BatchItem }>>();
  readonly tallies = new Map<string, Map<number, ChunkTally>>();
  readonly events: EventDraft[] = [];
  /** Tally writes to fail (a worker crashing after its items ran) before one lands. */
  failTallies = 0;

  async create(batch: BatchHeader, items: readonly PendingItem[]): Promise<'created' | 'exists'> {
    if (this.headers.has(batch.id)) return 'exists';
    this.rows.set(
      batch.id,
      new Map(
        items.map((p) => [p.index, { pending: clone(p), item: { index: p.index, reference_id: p.reference_id, operation: p.operation, status: 'pending' } }]),
      ),
    );
    this.tallies.set(batch.id, new Map());
    this.headers.set(batch.id, clone(batch));
    return 'created';
  }

  async header(id: string): Promise<BatchHeader | null> {
    const batch = this.headers.get(id);
    return batch ? clone(batch) : null;
  }

  async talliedChunks(batch: BatchHeader): Promise<number> {
    return this.tallies.get(batch.id)?.size ?? 0;
  }

  async get(id: string) {
    const batch = this.headers.get(id);
    return batch ? { batch: clone(batch), tallies: [...(this.tallies.get(id)?.values() ?? [])].map(clone) } : null;
  }

  async items(id: string, page: ItemsPageRequest): Promise<Page<BatchItem>> {
    const all = [...(this.rows.get(id)?.values() ?? [])].map((r) => clone(r.item)).filter((i) => page.status === undefined || i.status === page.status);
    return pageInMemory(all, (i) => String(i.index), page);
  }

  async chunk(batch: BatchHeader, chunk: number): Promise<ChunkState> {
    const { id } = batch;
    const { from, to } = chunkRange(batch, chunk);
    const rows = [...(this.rows.get(id)?.values() ?? [])].filter((r) => r.item.index >= from && r.item.index < to);
    return {
      tallied: this.tallies.get(id)?.has(chunk) ?? false,
      pending: rows.filter((r) => r.item.status === 'pending').map((r) => clone(r.pending!)),
      finished: rows.filter((r) => r.item.status !== 'pending').map((r) => clone(r.item)),
    };
  }

  itemFinished(id: string, index: number): boolean {
    return this.rows.get(id)?.get(index)?.item.status !== 'pending';
  }

  finishItem(id: string, result: ItemResult): void {
    const row = this.rows.get(id)?.get(result.index);
    if (row?.item.status !== 'pending') throw new ItemAlreadyFinished();
    row.item = clone(result);
  }

  async tally(batch: BatchHeader, tally: ChunkTally, results: readonly ItemResult[]): Promise<boolean> {
    if (this.failTallies > 0) {
      this.failTallies--;
      throw new Error('worker crashed before the tally was written');
    }
    if (this.tallies.get(batch.id)?.has(tally.chunk)) return false;
    if (results.some((r) => this.itemFinished(batch.id, r.index))) throw new StaleWrite();
    for (const r of results) this.finishItem(batch.id, r);
    this.tallies.get(batch.id)!.set(tally.chunk, clone(tally));
    return true;
  }

  async finish(batch: BatchHeader, events: readonly EventDraft[]): Promise<boolean> {
    if (this.headers.get(batch.id)?.status !== 'pending') return false;
    this.headers.set(batch.id, clone(batch));
    this.events.push(...events);
    return true;
  }

  async list(kind: BatchKind, filters: { status?: BatchStatus | undefined }, page: PageRequest): Promise<Page<BatchHeader>> {
    const all = [...this.headers.values()].filter((b) => b.kind === kind && (filters.status === undefined || b.status === filters.status)).reverse();
    return pageInMemory(all.map(clone), (b) => b.id, page);
  }

  async signals(
    kind: BatchKind,
    createdSince: string,
    finishedSince: string,
    now: Date,
    visible: (submitter: BatchHeader['principal']) => boolean = () => true,
  ): Promise<BatchSignals> {
    const recent = [...this.headers.values()].filter((b) => b.kind === kind && b.created_at >= createdSince && visible(b.principal));
    const pending = recent.filter((b) => b.status === 'pending' && Date.parse(b.deadline_at) > now.getTime());
    const finishedAt = (b: BatchHeader) => (b.status === 'pending' ? b.deadline_at : (b.completed_at ?? ''));
    return {
      pending: pending.length,
      oldest_pending_created_at: pending.map((b) => b.created_at).sort()[0] ?? null,
      completed_since: recent.filter((b) => b.status === 'completed' && finishedAt(b) >= finishedSince).length,
      failed_since: recent.filter((b) => b.status !== 'completed' && !pending.includes(b) && finishedAt(b) >= finishedSince).length,
    };
  }
}

/** A queue that keeps what was sent, for the test to deliver (once, twice, out of order). */
export class FakeBatchQueue implements BatchQueue {
  readonly sent: ChunkMessage[] = [];
  async enqueue(messages: readonly ChunkMessage[]): Promise<void> {
    this.sent.push(...messages.map(clone));
  }
}

const tenantKey = (t: Tenant) => `${t.accountId}#${t.environment}`;
const clone = <T>(value: T): T => structuredClone(value);

export class FakeTransactions implements TransactionRepository {
  readonly docs = new Map<string, Stored>();
  readonly events: EventDraft[] = [];
  /** Writes to fail with StaleWrite before one lands (a concurrent writer moved the version). */
  staleWrites = 0;
  writes = 0;
  /** Calls of writeEach (a batch chunk's commits joined). */
  joinedWrites = 0;
  /** Where receipts of batch items land (the same atomic write, as in the DynamoDB store). */
  receipts: FakeBatches | undefined;
  /** Return summaries, moved by every write as the DynamoDB store moves them (by keyOf). */
  readonly summaries = new Map<string, SummaryTotals>();

  /** The summaries as a repository. */
  summaryRepository(): SummaryRepository {
    return { read: async (keys) => keys.map((key) => this.summaries.get(keyOf(key)) ?? emptyTotals()) };
  }

  async get(code: string): Promise<Stored | null> {
    const found = this.docs.get(code);
    return found ? clone(found) : null;
  }

  async write(change: DocumentChange): Promise<void> {
    this.writes++;
    if (this.staleWrites > 0) {
      this.staleWrites--;
      throw new StaleWrite();
    }
    if (change.receipt && this.receipts?.itemFinished(change.receipt.batch.id, change.receipt.item.index)) throw new ItemAlreadyFinished();
    if (change.create.some((r) => this.docs.has(r.code)))
      throw new DomainError('duplicate_transaction', 'A transaction with this code already exists for the account and environment.');
    if (change.update.some((u) => this.docs.get(u.record.code)?.version !== u.expectedVersion)) throw new StaleWrite();
    if (change.receipt) {
      if (!this.receipts) throw new Error('no batch store for receipts');
      this.receipts.finishItem(change.receipt.batch.id, change.receipt.item);
    }
    for (const delta of summaryDeltas(change)) {
      const id = keyOf(delta.key);
      this.summaries.set(id, sumTotals([this.summaries.get(id) ?? emptyTotals(), delta.totals]));
    }
    for (const record of change.create) this.docs.set(record.code, { record: clone(record), version: 1 });
    for (const { record, expectedVersion } of change.update) this.docs.set(record.code, { record: clone(record), version: expectedVersion + 1 });
    this.events.push(...change.events);
  }

  /** One write after another, each outcome as its write ended (the store joins them; the result is the same). */
  async writeEach(changes: readonly DocumentChange[]): Promise<WriteOutcome[]> {
    this.joinedWrites++;
    const outcomes: WriteOutcome[] = [];
    for (const change of changes) {
      try {
        await this.write(change);
        outcomes.push({ written: true });
      } catch (error) {
        outcomes.push({ written: false, error });
      }
    }
    return outcomes;
  }

  async list(filters: TransactionFilters, page: PageRequest): Promise<Page<TransactionSummary>> {
    const matching = [...this.docs.values()]
      .map((s) => s.record)
      .filter(
        (r) =>
          (filters.status === undefined || r.status === filters.status) &&
          (filters.kind === undefined || r.kind === filters.kind) &&
          (filters.customer_code === undefined || r.customer_code === filters.customer_code) &&
          (filters.date_from === undefined || r.date >= filters.date_from) &&
          (filters.date_to === undefined || r.date <= filters.date_to) &&
          (filters.location_code === undefined || r.location_code === filters.location_code),
      )
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.code.localeCompare(a.code));
    const found = pageInMemory(matching, (r) => r.code, page);
    return { data: found.data.map(transactionSummaryView), next_cursor: found.next_cursor };
  }
}

/** One FakeTransactions per tenant, as the store is per tenant. */
export function fakeDocuments(): { documents: (tenant: Tenant) => FakeTransactions; of: (tenant: Tenant) => FakeTransactions } {
  const byTenant = new Map<string, FakeTransactions>();
  const of = (tenant: Tenant) => {
    let repo = byTenant.get(tenantKey(tenant));
    if (!repo) byTenant.set(tenantKey(tenant), (repo = new FakeTransactions()));
    return repo;
  };
  return { documents: of, of };
}

export class FakeTenants implements TenantRepository {
  readonly settings = new Map<string, TenantSettings>();
  readonly locations = new Map<string, Location[]>();
  readonly items = new Map<string, CatalogItem[]>();
  configReads = 0;

  async config(tenant: Tenant): Promise<TenantConfig> {
    this.configReads++;
    const settings = this.settings.get(tenantKey(tenant)) ?? {
      nexus: 'all',
      registrations: [],
      illinois: DEFAULT_ILLINOIS,
      declarationSecret: '',
      updatedAt: '',
    };
    return { settings: clone(settings), locations: clone(this.locations.get(tenantKey(tenant)) ?? []) };
  }

  async updateSettings(tenant: Tenant, patch: SettingsPatch, at: string): Promise<TenantSettings> {
    const current = this.settings.get(tenantKey(tenant)) ?? {
      nexus: 'all',
      registrations: [],
      illinois: DEFAULT_ILLINOIS,
      declarationSecret: '',
      updatedAt: '',
    };
    const next: TenantSettings = {
      nexus: patch.nexus ?? current.nexus,
      registrations: patch.registration
        ? [
            ...current.registrations.filter((r) => r.state !== patch.registration!.state),
            ...(patch.registration.registered_from === null ? [] : [{ state: patch.registration.state, registered_from: patch.registration.registered_from }]),
          ].sort((a, b) => a.state.localeCompare(b.state))
        : current.registrations,
      illinois: { ...current.illinois, ...Object.fromEntries(Object.entries(patch.illinois ?? {}).filter(([, v]) => v !== undefined)) },
      declarationSecret: current.declarationSecret || `secret-${tenantKey(tenant)}`,
      updatedAt: at,
    };
    this.settings.set(tenantKey(tenant), next);
    return clone(next);
  }

  async createLocation(tenant: Tenant, location: Location): Promise<void> {
    const list = this.locations.get(tenantKey(tenant)) ?? [];
    if (list.some((l) => l.code === location.code)) throw new DomainError('conflict', 'A location with this code already exists.');
    this.locations.set(tenantKey(tenant), [...list, clone(location)]);
  }

  async putItem(tenant: Tenant, item: CatalogItem): Promise<void> {
    const list = (this.items.get(tenantKey(tenant)) ?? []).filter((i) => i.sku !== item.sku);
    this.items.set(tenantKey(tenant), [...list, clone(item)]);
  }

  async listItems(tenant: Tenant, page: PageRequest): Promise<Page<CatalogItem>> {
    const sorted = [...(this.items.get(tenantKey(tenant)) ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
    return pageInMemory(sorted, (i) => i.sku, page);
  }

  async itemsBySku(tenant: Tenant, skus: readonly string[]): Promise<Map<string, CatalogItem>> {
    return new Map((this.items.get(tenantKey(tenant)) ?? []).filter((i) => skus.includes(i.sku)).map((i) => [i.sku, clone(i)]));
  }
}

export class FakeCustomers implements CustomerRepository {
  readonly customers = new Map<string, Customer>();

  async create(tenant: Tenant, customer: Omit<Customer, 'certificate_ids'>): Promise<void> {
    const key = `${tenantKey(tenant)}#${customer.customer_code}`;
    if (this.customers.has(key)) throw new DomainError('conflict', 'A customer with this code already exists.');
    this.customers.set(key, { ...clone(customer), certificate_ids: [] });
  }

  async get(tenant: Tenant, code: string): Promise<Customer | null> {
    const found = this.customers.get(`${tenantKey(tenant)}#${code}`);
    return found ? clone(found) : null;
  }

  async list(tenant: Tenant, locationCode: string | null, page: PageRequest): Promise<Page<Customer>> {
    const mine = [...this.customers.entries()]
      .filter(([key, c]) => key.startsWith(`${tenantKey(tenant)}#`) && (locationCode === null || c.location_code === locationCode))
      .map(([, c]) => c)
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    return pageInMemory(mine, (c) => c.customer_code, page);
  }

  async update(tenant: Tenant, code: string, changes: CustomerChanges): Promise<Customer | null> {
    const found = this.customers.get(`${tenantKey(tenant)}#${code}`);
    if (!found) return null;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const updated = { ...found, ...clone(defined) };
    this.customers.set(`${tenantKey(tenant)}#${code}`, updated);
    return clone(updated);
  }

  async delete(tenant: Tenant, code: string): Promise<boolean> {
    const found = this.customers.get(`${tenantKey(tenant)}#${code}`);
    if (!found) return false;
    if (found.certificate_ids.length > 0)
      throw new DomainError('conflict', 'The customer has exemption certificates, which are kept as evidence: it cannot be deleted.');
    this.customers.delete(`${tenantKey(tenant)}#${code}`);
    return true;
  }

  /** What the certificate store's create does to the customer item. */
  listCertificate(tenant: Tenant, code: string, id: string): boolean {
    const found = this.customers.get(`${tenantKey(tenant)}#${code}`);
    if (!found) return false;
    this.customers.set(`${tenantKey(tenant)}#${code}`, { ...found, certificate_ids: [...found.certificate_ids, id] });
    return true;
  }
}

export class FakeCertificates implements CertificateRepository {
  readonly stored = new Map<string, StoredCertificate>();
  readonly events: EventDraft[] = [];

  constructor(private readonly customers: FakeCustomers) {}

  async create(tenant: Tenant, certificate: Certificate): Promise<void> {
    if (!this.customers.listCertificate(tenant, certificate.customer_code, certificate.id))
      throw new DomainError('not_found', 'No customer with this code exists in the scope of this key.');
    this.stored.set(`${tenantKey(tenant)}#${certificate.id}`, { certificate: clone(certificate), version: 1 });
  }

  async get(tenant: Tenant, id: string): Promise<StoredCertificate | null> {
    const found = this.stored.get(`${tenantKey(tenant)}#${id}`);
    return found ? clone(found) : null;
  }

  async getMany(tenant: Tenant, ids: readonly string[]): Promise<Map<string, Certificate>> {
    const found = new Map<string, Certificate>();
    for (const id of ids) {
      const stored = this.stored.get(`${tenantKey(tenant)}#${id}`);
      if (stored) found.set(id, clone(stored.certificate));
    }
    return found;
  }

  async update(tenant: Tenant, certificate: Certificate, expectedVersion: number, events: readonly EventDraft[]): Promise<void> {
    const key = `${tenantKey(tenant)}#${certificate.id}`;
    if (this.stored.get(key)?.version !== expectedVersion) throw new StaleWrite();
    this.stored.set(key, { certificate: clone(certificate), version: expectedVersion + 1 });
    this.events.push(...events);
  }

  async list(tenant: Tenant, filters: CertificateFilters, page: PageRequest): Promise<Page<Certificate>> {
    const mine = [...this.stored.entries()]
      .filter(([key]) => key.startsWith(`${tenantKey(tenant)}#`))
      .map(([, s]) => s.certificate)
      .filter(
        (c) =>
          (filters.customer_code === undefined || c.customer_code === filters.customer_code) &&
          (filters.location_code == null || c.location_code === filters.location_code),
      )
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    return pageInMemory(mine, (c) => c.id, page);
  }
}

export class FakeAccess implements AccessRepository {
  readonly accounts = new Map<string, AccountRecord>();
  readonly practices = new Map<string, PracticeRecord>();
  readonly keys = new Map<string, { key: ApiKeyRecord; hash: string }>();
  reads = 0;

  async keyByHash(hash: string): Promise<ApiKeyRecord | null> {
    this.reads++;
    const found = [...this.keys.values()].find((k) => k.hash === hash);
    return found ? clone(found.key) : null;
  }

  async account(accountId: string): Promise<AccountRecord | null> {
    this.reads++;
    return clone(this.accounts.get(accountId) ?? null);
  }

  async practice(practiceId: string): Promise<PracticeRecord | null> {
    this.reads++;
    return clone(this.practices.get(practiceId) ?? null);
  }

  async putAccount(account: AccountRecord): Promise<void> {
    this.accounts.set(account.id, clone(account));
  }

  async putPractice(practice: PracticeRecord): Promise<void> {
    this.practices.set(practice.id, clone(practice));
  }

  async renameAccount(accountId: string, name: string): Promise<void> {
    const found = this.accounts.get(accountId);
    if (!found) throw new Error('no account');
    this.accounts.set(accountId, { ...found, name });
  }

  async createKey(key: ApiKeyRecord, hash: string): Promise<void> {
    if ([...this.keys.values()].some((k) => k.hash === hash)) throw new DomainError('conflict', 'A key with this value already exists.');
    this.keys.set(key.id, { key: clone(key), hash });
  }

  async listKeys(owner: KeyOwner): Promise<ApiKeyRecord[]> {
    return [...this.keys.values()]
      .map((k) => clone(k.key))
      .filter((k) => (owner.kind === 'account' ? k.accountId === owner.accountId : k.practiceId === owner.practiceId));
  }

  async ownedKey(owner: KeyOwner, keyId: string): Promise<{ key: ApiKeyRecord; hash: string } | null> {
    const found = this.keys.get(keyId);
    if (!found) return null;
    const owns = owner.kind === 'account' ? found.key.accountId === owner.accountId : found.key.practiceId === owner.practiceId;
    return owns ? clone(found) : null;
  }

  async revokeKey(_owner: KeyOwner, keyId: string, _hash: string, _at: string): Promise<void> {
    const found = this.keys.get(keyId);
    if (!found) throw new DomainError('not_found', 'No key with this id exists.');
    this.keys.set(keyId, { ...found, key: { ...found.key, status: 'revoked' } });
  }
}

export class FakeUsageKeys implements UsageKeyRegistry {
  readonly registered: string[] = [];
  readonly disabled: string[] = [];

  async register(keyId: string): Promise<string> {
    this.registered.push(keyId);
    return `gw_${keyId}`;
  }

  async disable(gatewayKeyId: string): Promise<void> {
    this.disabled.push(gatewayKeyId);
  }
}

/** An exact fixed-window counter in memory. */
export class FakeRateCounter implements RateCounter {
  readonly counts = new Map<string, number>();
  calls = 0;

  async take(keyId: string, bucket: string, limit: number, tokens: number, nowMs: number) {
    this.calls++;
    const window = windowAt(nowMs);
    const key = `${keyId}#${bucket}#${window.startMs}`;
    const used = this.counts.get(key) ?? 0;
    for (const n of tokens > 1 ? [tokens, 1] : [1]) {
      if (used + n <= limit) {
        this.counts.set(key, used + n);
        return { granted: n, used: used + n, window };
      }
    }
    return { granted: 0, used: limit, window };
  }
}

// --- principals -------------------------------------------------------------------------------------

export const TENANT: Tenant = { accountId: 'acct_unit', environment: 'sandbox' };

export function apiKey(over: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: 'key_unit',
    kind: 'account',
    accountId: TENANT.accountId,
    practiceId: null,
    environment: 'sandbox',
    scopes: ['*'],
    locationCode: null,
    engagementIds: null,
    status: 'active',
    expiresAt: null,
    name: 'unit',
    prefix: 'stx_test_unit',
    createdAt: '2026-01-01T00:00:00.000Z',
    gatewayKeyId: null,
    ...over,
  };
}

export function tenantPrincipal(over: Partial<Principal> = {}): TenantPrincipal {
  const key = apiKey({ locationCode: over.locationCode ?? null });
  return {
    key,
    environment: 'sandbox',
    tenant: TENANT,
    locationCode: null,
    practice: null,
    engagement: null,
    ...over,
    ...(over.tenant ? {} : { tenant: TENANT }),
  } as TenantPrincipal;
}

export const call = (principal: TenantPrincipal = tenantPrincipal(), now = new Date('2026-04-20T10:00:00.000Z')) => ({ principal, now });
