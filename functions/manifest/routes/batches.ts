// Batches of documents (nightly ERP exports), worked off the request by the batch-items worker.
import type { RouteDef } from '../route';

const BATCHES = {
  credential: 'tenant',
  bucket: 'general',
} as const satisfies Partial<RouteDef>;

export const BATCHES_CREATE = {
  ...BATCHES,
  id: 'batches-create',
  method: 'POST',
  path: '/batches',
  handler: 'api/batches/create',
  scope: 'batches:write',
  bucket: 'batch_submissions',
  sendsTo: ['BatchItems'],
  // Up to 500 items of up to 1,000 lines are stored before the answer.
  memoryMb: 1024,
} as const satisfies RouteDef;

export const BATCHES_LIST = {
  ...BATCHES,
  id: 'batches-list',
  method: 'GET',
  path: '/batches',
  handler: 'api/batches/list',
  scope: 'batches:read',
} as const satisfies RouteDef;

export const BATCHES_GET = {
  ...BATCHES,
  id: 'batches-get',
  method: 'GET',
  path: '/batches/{id}',
  handler: 'api/batches/get',
  scope: 'batches:read',
  // Reading a batch past its deadline records its failure (and batch.failed).
  data: 'write',
  memoryMb: 1024,
} as const satisfies RouteDef;

export const BATCHES_ITEMS = {
  ...BATCHES,
  id: 'batches-items',
  method: 'GET',
  path: '/batches/{id}/items',
  handler: 'api/batches/items',
  scope: 'batches:read',
  data: 'write',
  memoryMb: 1024,
} as const satisfies RouteDef;

export const BATCHES_ROUTES = [BATCHES_CREATE, BATCHES_LIST, BATCHES_GET, BATCHES_ITEMS] as const;
