// Step 2: the request must present a usable key.
import type { Authenticator } from '../../application/authentication';
import { presentedSecret, type SecretForms } from '../presented-secret';
import type { Authenticated, Received } from '../request';

export function authenticate(authenticator: Pick<Authenticator, 'authenticate'>, forms: SecretForms = {}) {
  return async (request: Received): Promise<Authenticated> => ({
    ...request,
    credentials: await authenticator.authenticate(presentedSecret(request.headers, forms, request.repeatedHeaders), request.now),
  });
}
