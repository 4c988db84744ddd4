// Step 2: the request must present a usable key. A Basic credential also names its key's owner,
// which must be the owner the key belongs to (`ownerNamed` says which names it accepts).
import type { Authenticator, Credentials } from '../../application/authentication';
import { DomainError } from '../../core/errors';
import { presentedCredential, type SecretForms } from '../presented-secret';
import type { Authenticated, Received } from '../request';

/** Whether `user` (a Basic credential's user name) names the owner of the key it came with. */
export type OwnerNamed = (user: string, credentials: Credentials) => boolean;

/** The owner's own id: the account's, or a provider key's practice's. */
export const ownerId: OwnerNamed = (user, { key }) => user === (key.accountId ?? key.practiceId);

export function authenticate(authenticator: Pick<Authenticator, 'authenticate'>, forms: SecretForms = {}, ownerNamed: OwnerNamed = ownerId) {
  return async (request: Received): Promise<Authenticated> => {
    const presented = presentedCredential(request.headers, forms, request.repeatedHeaders);
    const credentials = await authenticator.authenticate(presented.secret, request.now);
    if (presented.user !== undefined && !ownerNamed(presented.user, credentials))
      throw new DomainError('invalid_api_key', "The account named with the key is not the key's account.");
    return { ...request, credentials };
  };
}
