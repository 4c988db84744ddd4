// The sandbox fault a request asks for with `X-Simulate` (contract §1.7); production keys never get one.
import type { Principal } from '../core/access/authorize';
import { simulatedFault } from '../core/simulation';
import type { SimulatedFault } from '../core/tax/types';
import type { Headers } from './request';

export const simulation = (request: { readonly principal: Principal; readonly headers: Headers }): { simulate: SimulatedFault | null } => ({
  simulate: simulatedFault(request.principal.environment, request.headers['x-simulate']),
});
