// POST /keys: issues an account key. The secret is in this answer only; the service keeps its hash.
import { keys } from '../composition-root';
import { keyView } from '../core/account/views';
import { httpHandler } from '../http/handler';
import { KeyCreateSchema } from './schema';

export const handler = httpHandler('keys-create', { body: KeyCreateSchema }, async (request) => {
  const { key, secret } = await keys().issue(request, request.body);
  // The secret is shown once: an idempotent replay of this call returns the key without it.
  return { statusCode: 201, body: { ...keyView(key), key: secret }, stored: { ...keyView(key), key: null } };
});
