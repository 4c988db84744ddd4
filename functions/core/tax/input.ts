// The tax document the engine takes (POST /calculations' body), as the request schemas output it
// once a body has validated. Declared here so the core does not depend on the HTTP schema layer;
// test/unit/schema-types.test.ts proves the schemas' output fits these types.
import type { DeclaredType, Precision } from './types';

/** The seller's posture a document may state (states whose sourcing depends on it read it). */
export type SellerClass = 'remote' | 'marketplace' | 'in_state';
export const SELLER_CLASSES: readonly SellerClass[] = ['remote', 'marketplace', 'in_state'];

/** An optional field a request may omit or send as JSON null. */
type Maybe<T> = T | null | undefined;

export interface AddressInput {
  readonly line1?: Maybe<string>;
  readonly line2?: Maybe<string>;
  readonly city?: Maybe<string>;
  readonly state?: Maybe<string>;
  readonly zip: string;
  readonly country?: Maybe<string>;
  readonly latitude?: Maybe<number>;
  readonly longitude?: Maybe<number>;
}

export interface LineInput {
  readonly number?: Maybe<string>;
  readonly item_code?: Maybe<string>;
  readonly tax_code?: Maybe<string>;
  readonly description?: Maybe<string>;
  readonly quantity?: Maybe<number>;
  /** The extended line amount in dollars (already multiplied by quantity). */
  readonly amount: number;
  readonly discount?: Maybe<number>;
  readonly tax_included?: Maybe<boolean>;
  readonly ship_to?: Maybe<AddressInput>;
  readonly exemption_certificate_id?: Maybe<string>;
}

/** A declared exemption as a document states it; `source` and `states` are set by a surface that reads the customer's declaration. */
export interface DeclarationInput {
  readonly type: DeclaredType;
  readonly reason?: Maybe<string>;
  readonly source?: Maybe<'document' | 'customer'>;
  readonly states?: Maybe<readonly string[]>;
}

export interface DocumentInput {
  readonly date?: Maybe<string>;
  readonly customer_code?: Maybe<string>;
  readonly location_code?: Maybe<string>;
  readonly currency?: Maybe<'USD'>;
  readonly seller_class?: Maybe<SellerClass>;
  readonly seller_declaration?: Maybe<{ readonly seller_class: SellerClass; readonly token: string }>;
  readonly ship_from?: Maybe<AddressInput>;
  readonly ship_to: AddressInput;
  readonly exemption_certificate_id?: Maybe<string>;
  /** An exemption on the buyer's word (types.ts DeclaredExemption); a certificate that applies wins. */
  readonly declared_exemption?: Maybe<DeclarationInput>;
  readonly nexus_mode?: Maybe<'account' | 'reference'>;
  readonly require_known?: Maybe<boolean>;
  readonly strict?: Maybe<boolean>;
  readonly accuracy_policy?: Maybe<'best_effort' | 'deterministic'>;
  readonly minimum_address_precision?: Maybe<Precision>;
  readonly lines: readonly LineInput[];
}
