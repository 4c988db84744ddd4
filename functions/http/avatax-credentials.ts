// Who a Basic credential may name on the AvaTax-compatible routes: AvaTax clients send an account
// id with their licence key, and strict clients send it as a number, so the key's account is named
// by its own id or by its numeric AvaTax account id (GET /api/v1/account shows it); a provider key
// by its practice's.
import { accountNumber } from '../core/avatax/ids';
import type { OwnerNamed } from './steps/authenticate';

export const avataxOwnerNamed: OwnerNamed = (user, { key }) => {
  const owner = key.accountId ?? key.practiceId;
  return owner !== null && (user === owner || user === String(accountNumber(owner)));
};
