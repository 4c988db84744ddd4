// Provider return jobs: for one client engagement, what the client collected per state and month. A
// job is a batch of summary items (application/batches.ts runs it); each item reads the running
// totals the commits keep (core/returns), so its cost does not grow with the documents.
import type { Tenant } from '../core/access/records';
import type { BatchHeader } from '../core/batches/batch';
import { DomainError } from '../core/errors';
import { type CollectionRow, collectionRows, reportKeys } from '../core/returns/collection';
import type { SummaryRepository } from '../core/returns/ports';
import { ALL_LOCATIONS, summaryView } from '../core/returns/summary';
import { type BatchPorts, failedItem, type ItemOutcome, type ItemRunner, submitJob } from './batches';
import type { TenantCall } from './call';
import type { SubmissionOptions } from './submissions';
import type { TenantConfigs } from './tenant-configs';

export interface ReturnItemInput {
  readonly reference_id: string;
  readonly state: string;
  readonly period: string;
  readonly location_code?: string | null | undefined;
}

export interface ReturnPorts {
  readonly summaries: (tenant: Tenant) => SummaryRepository;
  readonly tenantConfigs: TenantConfigs;
}

/** What an item asks, as stored with it. */
interface SummaryRequest {
  readonly state: string;
  readonly period: string;
  readonly location_code: string | null;
}

/**
 * The account's own collection report: computed against collected tax per state and month, from
 * the return summaries its documents keep; a location-scoped key reads its location's.
 */
export async function collectionReport(
  ports: Pick<ReturnPorts, 'summaries'>,
  call: TenantCall,
  query: { readonly from: string; readonly to: string; readonly state?: string | undefined },
): Promise<{ readonly from: string; readonly to: string; readonly location_code: string | null; readonly data: CollectionRow[] }> {
  const location = call.principal.locationCode ?? null;
  const keys = reportKeys({ ...query, location: location ?? ALL_LOCATIONS });
  const totals = await ports.summaries(call.principal.tenant).read(keys);
  return { from: query.from, to: query.to, location_code: location, data: collectionRows(keys, totals) };
}

export function submitReturnJob(ports: BatchPorts, call: TenantCall, items: readonly ReturnItemInput[], options: SubmissionOptions = {}): Promise<BatchHeader> {
  return submitJob(
    ports,
    call,
    'return_job',
    items.map((item) => ({
      reference_id: item.reference_id,
      operation: 'summarize' as const,
      request: { state: item.state, period: item.period, location_code: item.location_code ?? null } satisfies SummaryRequest,
    })),
    options,
  );
}

const notAFilingUnit = () =>
  new DomainError('location_not_authorized', 'The location is not a location of the client account; its return cannot be prepared with this engagement.');

/**
 * A chunk of summary items, read together (one store read for all of their summaries). A location
 * must be one of the client's (a filing unit within the engagement).
 */
export const returnItemRunner =
  (ports: ReturnPorts): ItemRunner =>
  async (batch, items, run) => {
    const asked = items.map((item) => ({
      base: { index: item.index, reference_id: item.reference_id, operation: item.operation },
      request: item.request as SummaryRequest,
    }));
    try {
      const config = asked.some((a) => a.request.location_code !== null) ? await ports.tenantConfigs.get(batch.tenant) : null;
      const locations = new Set(config?.locations.map((l) => l.code));
      const allowed = asked.filter((a) => a.request.location_code === null || locations.has(a.request.location_code));
      const totals = await ports
        .summaries(batch.tenant)
        .read(allowed.map(({ request }) => ({ state: request.state, period: request.period, location: request.location_code ?? ALL_LOCATIONS })));
      const found = new Map(allowed.map((a, i) => [a, totals[i]]));
      return asked.map((a): ItemOutcome => {
        const summed = found.get(a);
        if (!summed) return failedItem(a.base, notAFilingUnit(), run);
        return { write: { ...a.base, status: 'succeeded', result: summaryView(a.request, summed) } };
      });
    } catch (error) {
      return asked.map((a) => failedItem(a.base, error, run));
    }
  };
