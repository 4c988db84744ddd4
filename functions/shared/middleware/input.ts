// Step 8: body and query string validated against the route's valibot schemas. Path parameters
// stay plain strings: a malformed identifier is simply not found.
import type { GenericSchema } from 'valibot';
import type { HttpMiddleware } from '../http/request-state';
import { parseJsonBody, validate } from '../http/validation';

export interface InputSchemas {
  readonly body?: GenericSchema;
  readonly query?: GenericSchema;
}

export function input(schemas: InputSchemas): HttpMiddleware {
  return {
    before: (request) => {
      const state = request.context.stx;
      const event = request.event;
      if (schemas.query) state.query = validate(schemas.query, event.queryStringParameters ?? {}, 'query');
      if (schemas.body) state.body = validate(schemas.body, parseJsonBody(event.body, event.isBase64Encoded), 'body');
    },
  };
}
