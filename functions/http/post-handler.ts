// Handlers of POST routes: the pipeline of handler.ts with the idempotency step (step 9) between
// body validation and the endpoint's call. Only POST handlers import it, so only their bundles
// carry Powertools idempotency.
import type { GenericSchema } from 'valibot';
import { dynamoClient } from '../composition-root';
import type { RouteDef } from '../manifest/route';
import { config } from '../shared/config';
import { type ApiRequest, type BodySpec, buildHandler, type HttpHandler } from './handler';
import type { Reply } from './request';
import { idempotency } from './steps/idempotency';
import type { InputSchemas } from './steps/parse';

export function postHandler<
  R extends RouteDef & { readonly method: 'POST' },
  BS extends BodySpec = undefined,
  QS extends GenericSchema | undefined = undefined,
>(route: R, schemas: InputSchemas<BS, QS>, serve: (request: ApiRequest<R, BS, QS>) => Promise<Reply>): HttpHandler {
  return buildHandler(route, schemas, serve, () => idempotency({ tableName: config().idempotencyTableName, client: dynamoClient }));
}
