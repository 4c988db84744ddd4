// GET /api/v2/taxrates/byaddress: TaxRateModel of the address's ZIP code today, the breakdown of
// GET /api/v1/rates (the street is not used: rates are by ZIP code).
import { content } from '../../../composition-root';
import { ADDRESS_QUERY, addressInputOf, rateAddressOf, taxRateModel } from '../../../core/avatax/addresses';
import { avataxParams } from '../../../core/avatax/params';
import { inAvataxContext } from '../../../http/avatax-context';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { AVATAX_TAXRATES_BYADDRESS } from '../../../manifest/routes/avatax';
import { AvataxRatesByAddressQuerySchema } from '../../../schemas/avatax-reference';
import type { ResponseOf } from '../../../schemas/responses';

/** The rates' refusals name the ZIP as AvaTax's query does. */
const targetOf = (target: string) => (target === 'query.zip' ? 'postalCode' : target.replace(/^query\./, ''));

export const handler = httpHandler(AVATAX_TAXRATES_BYADDRESS, { query: AvataxRatesByAddressQuerySchema }, async (request) =>
  inAvataxContext({ operation: 'read', targetOf }, () => {
    const input = addressInputOf(
      avataxParams(
        request.query as Record<string, string | undefined>,
        ADDRESS_QUERY.filter((n) => n !== 'textCase'),
      ),
      'query',
    );
    const { zip, state } = rateAddressOf(input, (code) => content().stateFacts(code).name);
    return ok<ResponseOf<'avatax-taxrates-byaddress'>>(taxRateModel(content().rates(zip, state, request.now.toISOString().slice(0, 10)).components));
  }),
);
