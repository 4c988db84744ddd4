// What AvaTax's address resolution reads of the tax content: where a state and ZIP resolve, the
// states' names, the jurisdictions of a ZIP's rate area on a date (none where no rate is known,
// which leaves an address resolved without tax authorities) and the ZIP's centroid (the asset is
// asked for only once an address is placed, so it loads on the first such answer).
import type { AddressFacts } from '../../core/avatax/addresses';
import type { ZipCentroids } from '../../core/content/zip-centroids';
import { DomainError } from '../../core/errors';
import type { ContentService } from '../content';

export function addressFacts(content: ContentService, centroids: () => ZipCentroids, date: string): AddressFacts {
  return {
    centroid: (zip) => centroids().at(zip),
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
