// POST /il-seller-declarations: a signed Illinois seller-posture declaration for calculations.
import { account } from '../composition-root';
import { httpHandler } from '../http/handler';
import { created } from '../http/request';
import { DeclarationCreateSchema } from './schema';

export const handler = httpHandler('il-declarations-create', { body: DeclarationCreateSchema }, async (request) => {
  const { seller_class, expires_at } = request.body;
  const { token, expiresAt } = await account().declare(request, seller_class, expires_at);
  return created({ object: 'il_seller_declaration', seller_class, expires_at: expiresAt.toISOString(), token });
});
