// POST /keys: issues an account key. The secret is in this answer only; the service keeps its hash.

import { issueKey } from '../../../application/keys';
import { keyPorts } from '../../../composition-root';
import { keyView } from '../../../core/account/views';
import { postHandler } from '../../../http/post-handler';
import { submissionOf } from '../../../http/submission';
import { KEYS_CREATE } from '../../../manifest/routes/account';
import { KeyCreateSchema } from '../../../schemas/account';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = postHandler(KEYS_CREATE, { body: KeyCreateSchema }, async (request) => {
  const { key, secret } = await issueKey(keyPorts(), request, request.body, { submission: submissionOf(request) });
  // The secret is shown once: an idempotent replay of this call returns the key without it.
  const body: ResponseOf<'keys-create'> = { ...keyView(key), key: secret };
  const stored: ResponseOf<'keys-create'> = { ...keyView(key), key: null };
  return { statusCode: 201, body, stored };
});
