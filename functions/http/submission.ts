// What names a submission behind an Idempotency-Key for the whole life of what it creates: the key
// that sent it, the tenant it acted for and the Idempotency-Key, as the idempotency step keys its
// record. The record lasts 24 hours and is deleted when an attempt fails; an id derived from this
// keeps a repeat from creating a second job even then.

import type { Authorized } from './request';
import { singleHeader } from './validation';

export function submissionOf(request: Authorized): string | undefined {
  const key = singleHeader(request, 'Idempotency-Key');
  return key === undefined ? undefined : [request.principal.key.id, request.principal.tenant?.accountId ?? '-', key].join('\n');
}
