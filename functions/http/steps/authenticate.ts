// Step 2 (contract §1.3): the request must present a usable key.
import type { Authenticator } from '../../application/authentication';
import { presentedSecret } from '../presented-secret';
import type { Authenticated, Received } from '../request';

export function authenticate(authenticator: Pick<Authenticator, 'authenticate'>) {
  return async (request: Received): Promise<Authenticated> => ({
    ...request,
    credentials: await authenticator.authenticate(presentedSecret(request.headers), request.now),
  });
}
