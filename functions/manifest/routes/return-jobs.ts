// Return jobs a provider runs for one client engagement, worked by the return-job-items worker.
import type { RouteDef } from '../route';

const RETURN_JOBS = {
  credential: 'provider',
  clientContext: true,
  bucket: 'general',
} as const satisfies Partial<RouteDef>;

export const RETURN_JOBS_CREATE = {
  ...RETURN_JOBS,
  id: 'return-jobs-create',
  method: 'POST',
  path: '/provider/return-jobs',
  handler: 'api/return-jobs/create',
  scope: 'provider:write',
  sendsTo: ['ReturnJobItems'],
  memoryMb: 1024,
} as const satisfies RouteDef;

export const RETURN_JOBS_LIST = {
  ...RETURN_JOBS,
  id: 'return-jobs-list',
  method: 'GET',
  path: '/provider/return-jobs',
  handler: 'api/return-jobs/list',
  scope: 'provider:read',
} as const satisfies RouteDef;

export const RETURN_JOBS_GET = {
  ...RETURN_JOBS,
  id: 'return-jobs-get',
  method: 'GET',
  path: '/provider/return-jobs/{id}',
  handler: 'api/return-jobs/get',
  scope: 'provider:read',
  // Reading a job past its deadline records its failure (and return_job.failed).
  data: 'write',
  memoryMb: 1024,
} as const satisfies RouteDef;

export const RETURN_JOBS_ITEMS = {
  ...RETURN_JOBS,
  id: 'return-jobs-items',
  method: 'GET',
  path: '/provider/return-jobs/{id}/items',
  handler: 'api/return-jobs/items',
  scope: 'provider:read',
  data: 'write',
} as const satisfies RouteDef;

export const RETURN_JOBS_ROUTES = [RETURN_JOBS_CREATE, RETURN_JOBS_LIST, RETURN_JOBS_GET, RETURN_JOBS_ITEMS] as const;
