// GET /api/v2/addresses/resolve: an address placed by its ZIP code (AddressResolutionModel), or 200
// with messages saying why it could not be (core/avatax/addresses.ts).
import { addressFacts } from '../../../application/avatax/addresses';
import { content, zipCentroids } from '../../../composition-root';
import { ADDRESS_QUERY, addressInputOf, resolveAddress } from '../../../core/avatax/addresses';
import { avataxParams } from '../../../core/avatax/params';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { AVATAX_ADDRESSES_RESOLVE } from '../../../manifest/routes/avatax';
import { AvataxAddressQuerySchema } from '../../../schemas/avatax-reference';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(AVATAX_ADDRESSES_RESOLVE, { query: AvataxAddressQuerySchema }, async (request) => {
  const input = addressInputOf(avataxParams(request.query as Record<string, string | undefined>, ADDRESS_QUERY), 'query');
  return ok<ResponseOf<'avatax-addresses-resolve'>>(resolveAddress(input, addressFacts(content(), zipCentroids, request.now.toISOString().slice(0, 10))));
});
