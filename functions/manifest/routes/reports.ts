// Reports an account reads of its own documents, from the running return summaries.
import type { RouteDef } from '../route';

export const REPORTS_COLLECTION = {
  credential: 'tenant',
  bucket: 'general',
  id: 'reports-collection',
  method: 'GET',
  path: '/reports/collection',
  handler: 'api/reports/collection',
  scope: 'transactions:read',
} as const satisfies RouteDef;

export const REPORTS_ROUTES = [REPORTS_COLLECTION] as const;
