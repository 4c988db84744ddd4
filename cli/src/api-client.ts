// The loader's BatchApi over the typed client (client/, generated from openapi.json): every request
// and response shape comes from the API description, none is written here.
import { createClient, type Schema } from '@salestax/client';
import type { BatchApi, BatchItemResult } from './batch-api';

type Item = Schema<'BatchItem'>;

function failure(error: { error: { code: string; message: string; details?: { target: string }[] | undefined } }): never {
  throw new Error(`${error.error.code}: ${error.error.message}`);
}

function resultOf(item: Item): BatchItemResult {
  if (item.status === 'succeeded')
    return { reference_id: item.reference_id, status: 'succeeded', total_tax: (item.result as { total_tax?: number }).total_tax };
  if (item.status === 'failed')
    return {
      reference_id: item.reference_id,
      status: 'failed',
      error: {
        code: item.error.code,
        message: item.error.message,
        details: (item.error.details ?? []).map((d) => ({ code: d.code, message: d.message, target: d.target })),
        request_id: item.error.request_id,
      },
    };
  return { reference_id: item.reference_id, status: 'pending' };
}

export function apiClient(baseUrl: string, apiKey: string): BatchApi {
  const api = createClient({ baseUrl, apiKey });
  return {
    async limits() {
      const { data, error } = await api.GET('/api/v1/config');
      if (error) failure(error);
      return {
        submissionsPerWindow: data.rate_limits.batch_submissions.limit,
        windowSeconds: data.rate_limits.batch_submissions.window_seconds,
        maxItems: data.limits.batch_max_items,
      };
    },
    async submit(items, idempotencyKey) {
      const { data, error, response } = await api.POST('/api/v1/batches', {
        body: { items: items.map((i) => ({ ...i, request: i.request as Record<string, unknown> })) },
        params: { header: { 'Idempotency-Key': idempotencyKey } },
      });
      if (response.status === 429) return { ok: false, retryAfterSeconds: Number(response.headers.get('Retry-After') ?? 1) || 1 };
      if (error) failure(error as never);
      return { ok: true, id: data.id };
    },
    async status(id) {
      const { data, error } = await api.GET('/api/v1/batches/{id}', { params: { path: { id }, query: { items_limit: 0 } } });
      if (error) failure(error);
      return data;
    },
    async results(id) {
      const { data, error } = await api.GET('/api/v1/batches/{id}', { params: { path: { id } } });
      if (error) failure(error);
      const items = data.items.map(resultOf);
      let cursor = data.items_next_cursor;
      while (cursor) {
        const page = await api.GET('/api/v1/batches/{id}/items', { params: { path: { id }, query: { cursor, limit: 100 } } });
        if (page.error) failure(page.error);
        items.push(...page.data.data.map(resultOf));
        cursor = page.data.next_cursor;
      }
      return items;
    },
  };
}
