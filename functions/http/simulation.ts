// The sandbox fault a request asks for with `X-Simulate`; production keys never get one
// (docs/getting-started.md, "Sandbox fault simulation").
import type { Principal } from '../core/access/authorize';
import { simulatedFault } from '../core/simulation';
import type { SimulatedFault } from '../core/tax/types';
import type { Headers } from './request';
import { singleHeader } from './validation';

/** Production keys never read the header, so only sandbox requests may be refused for repeating it. */
export const simulation = (request: {
  readonly principal: Principal;
  readonly headers: Headers;
  readonly repeatedHeaders: ReadonlySet<string>;
}): { simulate: SimulatedFault | null } => ({
  simulate: request.principal.environment === 'sandbox' ? simulatedFault('sandbox', singleHeader(request, 'X-Simulate')) : null,
});
