// POST /il-seller-declarations: a signed Illinois seller-posture declaration for calculations.
import { declareSellerPosture } from '../application/account';
import { accountPorts } from '../composition-root';
import { postHandler } from '../http/post-handler';
import { created } from '../http/request';
import { DeclarationCreateSchema } from './schema';

export const handler = postHandler('il-declarations-create', { body: DeclarationCreateSchema }, async (request) => {
  const { seller_class, expires_at } = request.body;
  const { token, expiresAt } = await declareSellerPosture(accountPorts(), request, seller_class, expires_at);
  return created({ object: 'il_seller_declaration', seller_class, expires_at: expiresAt.toISOString(), token });
});
