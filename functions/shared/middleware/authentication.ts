// Step 2 of the contract's order of checks: the request must present a usable key.
import { headersOf, type HttpMiddleware } from '../http/request-state';
import { services } from '../services';

export function authentication(): HttpMiddleware {
  return {
    before: async (request) => {
      const state = request.context.stx;
      state.credentials = await services().authenticator.authenticate(headersOf(request.event), state.now);
    },
  };
}
