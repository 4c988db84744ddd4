// DELETE /nexus/registrations/{state}: the account no longer holds a registration in the state.

import { deleteRegistration } from '../../../application/nexus';
import { nexusPorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { NEXUS_REGISTRATIONS_DELETE } from '../../../manifest/routes/nexus';

export const handler = httpHandler(NEXUS_REGISTRATIONS_DELETE, {}, async (request) => {
  const state = request.params.state.toUpperCase();
  await deleteRegistration(nexusPorts(), request, state);
  return ok({ object: 'nexus_registration', state, deleted: true });
});
