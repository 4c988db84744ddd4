// POST /il-seller-declarations: a signed Illinois seller-posture declaration for calculations.

import { declareSellerPosture } from '../../../application/account';
import { accountPorts } from '../../../composition-root';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { IL_DECLARATIONS_CREATE } from '../../../manifest/routes/account';
import { DeclarationCreateSchema } from '../../../schemas/account';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = postHandler(IL_DECLARATIONS_CREATE, { body: DeclarationCreateSchema }, async (request) => {
  const { seller_class, expires_at } = request.body;
  const { token, expiresAt } = await declareSellerPosture(accountPorts(), request, seller_class, expires_at);
  return created<ResponseOf<'il-declarations-create'>>({ object: 'il_seller_declaration', seller_class, expires_at: expiresAt.toISOString(), token });
});
