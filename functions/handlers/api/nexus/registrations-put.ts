// PUT /nexus/registrations/{state}: the date the account collects in a state from (set or moved).

import { putRegistration } from '../../../application/nexus';
import { nexusPorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { NEXUS_REGISTRATIONS_PUT } from '../../../manifest/routes/nexus';
import { RegistrationSchema } from '../../../schemas/nexus';

export const handler = httpHandler(NEXUS_REGISTRATIONS_PUT, { body: RegistrationSchema }, async (request) => {
  const r = await putRegistration(nexusPorts(), request, request.params.state.toUpperCase(), request.body.registered_from);
  return ok({ object: 'nexus_registration', state: r.state, registered_from: r.registered_from, nexus: typeof r.nexus === 'string' ? r.nexus : [...r.nexus] });
});
