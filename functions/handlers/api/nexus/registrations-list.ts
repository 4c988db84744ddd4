// GET /nexus/registrations: the states where the account registered to collect, and from when.

import { listRegistrations } from '../../../application/nexus';
import { nexusPorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { NEXUS_REGISTRATIONS_LIST } from '../../../manifest/routes/nexus';

export const handler = httpHandler(NEXUS_REGISTRATIONS_LIST, {}, async (request) => {
  const { nexus, registrations } = await listRegistrations(nexusPorts(), request);
  return ok({ object: 'nexus_registrations', nexus: typeof nexus === 'string' ? nexus : [...nexus], data: registrations.map((r) => ({ ...r })) });
});
