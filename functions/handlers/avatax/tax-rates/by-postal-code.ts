// GET /api/v2/taxrates/bypostalcode: TaxRateModel of a ZIP code today (GET /api/v1/rates' breakdown).
import { content } from '../../../composition-root';
import { addressInputOf, rateAddressOf, taxRateModel } from '../../../core/avatax/addresses';
import { avataxParams } from '../../../core/avatax/params';
import { inAvataxContext } from '../../../http/avatax-context';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { AVATAX_TAXRATES_BYPOSTALCODE } from '../../../manifest/routes/avatax';
import { AvataxRatesByPostalCodeQuerySchema } from '../../../schemas/avatax-reference';
import type { ResponseOf } from '../../../schemas/responses';

const targetOf = (target: string) => (target === 'query.zip' ? 'postalCode' : target.replace(/^query\./, ''));

export const handler = httpHandler(AVATAX_TAXRATES_BYPOSTALCODE, { query: AvataxRatesByPostalCodeQuerySchema }, async (request) =>
  inAvataxContext({ operation: 'read', targetOf }, () => {
    const input = addressInputOf(avataxParams(request.query as Record<string, string | undefined>, ['country', 'postalCode']), 'query');
    const { zip } = rateAddressOf(input, (code) => content().stateFacts(code).name);
    return ok<ResponseOf<'avatax-taxrates-bypostalcode'>>(taxRateModel(content().rates(zip, undefined, request.now.toISOString().slice(0, 10)).components));
  }),
);
