// Provider return jobs (contract §5): for one client engagement, what the client collected per state
// and month. A job is a batch of summary items (application/batches.ts runs it); each item reads the
// running totals the commits keep (core/returns), so its cost does not grow with the documents.
import type { Tenant } from '../core/access/records';
import type { BatchHeader } from '../core/batches/batch';
import { DomainError } from '../core/errors';
import type { SummaryRepository } from '../core/returns/ports';
import { ALL_LOCATIONS, summaryView } from '../core/returns/summary';
import { failedItem, submitJob, type BatchPorts, type ItemRunner } from './batches';
import type { TenantCall } from './call';
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

export function submitReturnJob(ports: BatchPorts, call: TenantCall, items: readonly ReturnItemInput[]): Promise<BatchHeader> {
  return submitJob(
    ports,
    call,
    'return_job',
    items.map((item) => ({
      reference_id: item.reference_id,
      operation: 'summarize' as const,
      request: { state: item.state, period: item.period, location_code: item.location_code ?? null } satisfies SummaryRequest,
    })),
  );
}

const notAFilingUnit = () =>
  new DomainError('location_not_authorized', 'The location is not a location of the client account; its return cannot be prepared with this engagement.');

/** One summary item: a location must be one of the client's (a filing unit within the engagement). */
export const returnItemRunner =
  (ports: ReturnPorts): ItemRunner =>
  async (batch, item, run) => {
    const base = { index: item.index, reference_id: item.reference_id, operation: item.operation };
    try {
      const request = item.request as SummaryRequest;
      if (request.location_code !== null) {
        const config = await ports.tenantConfigs.get(batch.tenant);
        if (!config.locations.some((l) => l.code === request.location_code)) throw notAFilingUnit();
      }
      const totals = await ports
        .summaries(batch.tenant)
        .read({ state: request.state, period: request.period, location: request.location_code ?? ALL_LOCATIONS });
      return { write: { ...base, status: 'succeeded', result: summaryView(request, totals) } };
    } catch (error) {
      return failedItem(base, error, run);
    }
  };
