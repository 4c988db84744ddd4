// POST /api/v2/addresses/resolve: the GET's resolution of an AddressValidationInfo body (any
// property spelling). Stores nothing.
import { addressFacts } from '../../../application/avatax/addresses';
import { content, zipCentroids } from '../../../composition-root';
import { addressInputOf, resolveAddress } from '../../../core/avatax/addresses';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { AVATAX_ADDRESSES_RESOLVE_POST } from '../../../manifest/routes/avatax';
import { AvataxAddressBodySchema } from '../../../schemas/avatax-reference';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = postHandler(
  AVATAX_ADDRESSES_RESOLVE_POST,
  { body: { schema: AvataxAddressBodySchema, parse: (raw: unknown) => addressInputOf(raw, 'body') } },
  async (request) =>
    ok<ResponseOf<'avatax-addresses-resolve-post'>>(
      resolveAddress(request.body, addressFacts(content(), zipCentroids, request.now.toISOString().slice(0, 10))),
    ),
);
