// The Illinois seller posture and what it decides: an Illinois line is sourced at the destination
// or at the seller's verified Illinois location (docs/taxes-and-content.md, "What an answer says").
// The first failing fact wins: an unverifiable declaration, no posture at all, a posture the account
// does not allow, a remote seller shipping from Illinois, an in-state seller without a location.
import type { Location } from '../../../account/settings';
import type { IllinoisContent } from '../../../content/artifact';
import { DomainError } from '../../../errors';
import type { SellerClass } from '../../input';
import type { EngineContext } from '../../types';
import { declarationVerifies } from './declaration';

export const IL = 'IL';

export interface PostureRequest {
  readonly seller_class?: SellerClass | null;
  readonly seller_declaration?: { readonly seller_class: SellerClass; readonly token: string } | null;
  /** State of the ship-from point, when the request gives one. */
  readonly shipFromState: string | null;
}

/** An in-state seller carries the verified Illinois location whose rates origin sourcing uses. */
export type Posture =
  | { readonly sellerClass: 'in_state'; readonly origin: Location }
  | { readonly sellerClass: Exclude<SellerClass, 'in_state'>; readonly origin: null };

const NO_SELLER_FACTS =
  'Illinois sourcing needs the seller posture: send seller_class (remote, marketplace or in_state) or set up a verified Illinois seller location.';

export function illinoisPosture(request: PostureRequest, ctx: EngineContext): Posture {
  const verified = ctx.locations.filter((l) => l.state === IL && l.illinois_verified).sort((a, b) => a.code.localeCompare(b.code));
  const declared = request.seller_declaration;
  if (declared) {
    const claimed = request.seller_class ?? declared.seller_class;
    if (declared.seller_class !== claimed || !declarationVerifies(declared.token, ctx.tenant, claimed, ctx.now, ctx.settings.declarationSecret))
      throw new DomainError('il_sourcing_unresolved_untrusted_contract', 'The Illinois seller declaration could not be verified.');
  }
  let sellerClass = request.seller_class ?? declared?.seller_class;
  if (!sellerClass) {
    if (verified.length === 0)
      throw new DomainError('il_sourcing_unresolved_no_seller_facts', NO_SELLER_FACTS, [
        { code: 'il_sourcing_unresolved_no_seller_facts', message: NO_SELLER_FACTS, target: 'seller_class' },
      ]);
    if (!ctx.settings.illinois.derive_seller_posture)
      throw new DomainError('il_sourcing_not_enabled', 'Deriving the Illinois seller posture from account details is not enabled; send seller_class.');
    sellerClass = 'in_state';
  }
  if (sellerClass === 'remote' && request.shipFromState === IL)
    throw new DomainError(
      'il_sourcing_unresolved_conflicting_seller_facts',
      'A remote seller cannot ship from an Illinois point; seller_class and ship_from contradict each other.',
    );
  if (sellerClass === 'in_state') {
    if (!ctx.settings.illinois.in_state_selling_enabled)
      throw new DomainError('il_in_state_selling_not_enabled', 'Selling from an Illinois location is not enabled for this account.');
    const [first] = verified;
    if (!first)
      throw new DomainError(
        'il_sourcing_unresolved_in_state_seller_without_validated_profile',
        'An in-state Illinois seller needs a verified Illinois seller location on file.',
      );
    const acting = ctx.actingLocation;
    return { sellerClass, origin: (acting && verified.find((l) => l.code === acting.code)) ?? first };
  }
  return { sellerClass, origin: null };
}

/**
 * Sourcing under the posture: remote and marketplace sellers at destination; in-state sellers at
 * origin when shipping from Illinois, and from outside Illinois at destination from the date of
 * illinois_sourcing_rules.csv (S.B. 3362: 2025-01-01).
 * The location whose rates apply at origin, or null at destination.
 */
export function illinoisOrigin(posture: Posture, shipFromState: string | null, date: string, il: IllinoisContent): Location | null {
  if (posture.sellerClass !== 'in_state') return null;
  if (shipFromState === null || shipFromState === IL) return posture.origin;
  return date < il.outOfStateShipmentsDestinationFrom ? posture.origin : null;
}
