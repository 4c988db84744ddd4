// Illinois: the seller's posture decides sourcing, and each product class carries its own state,
// transit-district and local rates, so the module locates, rates and classes Illinois lines itself
// (states/il/: posture, rates, local grocery tax, taxability, sourcing, seller declarations).
import type { RateArea, TaxContent } from '../../content/tax-content';
import { DomainError } from '../../errors';
import type { Component } from '../taxability';
import { IL } from './il/posture';
import { illinoisComponents } from './il/rates';
import { simulateIllinoisFault, sourceIllinois } from './il/sourcing';
import { illinoisBasis, illinoisTaxed } from './il/taxability';
import type { StateModule } from './state-module';

function generalRates(area: RateArea, date: string, content: TaxContent): readonly Component[] {
  const rates = illinoisComponents(area, 'general', date, content);
  if (rates === null) throw new DomainError('il_rate_lookup_unresolved', 'No Illinois rate is selectable for this place and date.');
  return rates.components;
}

export const illinois: StateModule = {
  state: IL,
  sourceLines: sourceIllinois,
  simulateFault: simulateIllinoisFault,
  generalRates,
  unlocated: () => new DomainError('il_address_not_located', 'The address is not matched to an official Illinois rate area.'),
  taxability: { taxed: illinoisTaxed, basis: illinoisBasis },
};
