// What AvaTax's address resolution reads of the tax content: where a state and ZIP resolve, the
// states' names, and the jurisdictions of a ZIP's rate area on a date (none where no rate is known,
// which leaves an address resolved without tax authorities).
import type { AddressFacts } from '../../core/avatax/addresses';
import { DomainError } from '../../core/errors';
import type { ContentService } from '../content';

export function addressFacts(content: ContentService, date: string): AddressFacts {
  return {
    resolve: (state, zip) => content.resolve(state, zip),
    stateName: (code) => content.stateFacts(code).name,
    jurisdictions: (state, zip) => {
      try {
        return content.rates(zip, state, date).components;
      } catch (error) {
        if (error instanceof DomainError) return null;
        throw error;
      }
    },
  };
}
