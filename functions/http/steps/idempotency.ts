// Step 9 (docs/getting-started.md, "Idempotency"): Powertools idempotency on DynamoDB. The service
// call is wrapped with `makeIdempotent` (not the middy middleware, which deletes records it did not
// acquire), keyed on (API key id, tenant, Idempotency-Key) and validated on method + path + body,
// so a reuse with another payload is `idempotency_conflict`. Only successful replies are stored: a
// thrown error makes Powertools delete the in-progress record. It runs after body validation, so
// what it hashes is a body the schemas bounded.
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import * as v from 'valibot';
import { keyPrefixFor } from '../../application/api-key-secret';
import { SERVICE_LIMITS } from '../../core/limits/service-limits';
import { SECRET_PREFIX } from '../../core/webhooks/signing';
import { logger } from '../../shared/powertools';
import type { Reply } from '../request';
import { validate } from '../validation';

export const IdempotencyKeySchema = v.pipe(v.string(), v.minLength(1), v.maxLength(255), v.regex(/^[\x20-\x7E]+$/));

interface IdempotentCall {
  readonly key: [apiKeyId: string, tenant: string, idempotencyKey: string];
  readonly request: { readonly method: string; readonly path: string; readonly body: unknown };
}

export interface IdempotencyScope {
  readonly apiKeyId: string;
  /** The account acted for: a provider key selects it per request, so it is part of the key. */
  readonly tenant: string;
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly context: Context;
}

export type Idempotency = (header: string | undefined, scope: IdempotencyScope, exec: () => Promise<Reply>) => Promise<Reply>;

/** Strings shaped like a secret this service hands out once: API keys and webhook signing secrets. */
const SECRET_SHAPES = [
  new RegExp(`^(?:${keyPrefixFor('sandbox')}|${keyPrefixFor('production')})[A-Za-z0-9]{20,}$`),
  new RegExp(`^${SECRET_PREFIX}[A-Za-z0-9+/=]{16,}$`),
];

/**
 * A reply as the replay record keeps it, as JSON will render it (no undefined members, so a replay
 * is identical), with any string shaped like a secret made null. Handlers that answer a secret give
 * the reply's `stored` form without it (POST /keys, POST /webhooks, the rotation); this is the net
 * under them, so no replay record holds a secret even if a handler forgets.
 */
export function storedForm(reply: Reply): Reply {
  let withheld = 0;
  const kept = JSON.parse(
    JSON.stringify(reply, (_name, value: unknown) => {
      if (typeof value !== 'string' || !(value.startsWith('stx_') || value.startsWith('whsec_')) || !SECRET_SHAPES.some((s) => s.test(value))) return value;
      withheld++;
      return null;
    }),
  ) as Reply;
  if (withheld > 0) logger.warn('a reply held a secret without a stored form; the replay record withholds it', { withheld });
  return kept;
}

/**
 * Runs `exec` once per (API key, tenant, Idempotency-Key); a missing header runs it plainly. What is
 * stored is the reply's `stored` body when it has one (a reply holding a secret stores it without),
 * while the first caller gets the reply itself.
 */
export function idempotency(store: { readonly tableName: string; readonly client: () => DynamoDBClient }): Idempotency {
  let runner: { run: (call: IdempotentCall, exec: () => Promise<Reply>) => Promise<Reply>; settings: IdempotencyConfig } | undefined;
  const idempotentRunner = () => {
    if (runner) return runner;
    const settings = new IdempotencyConfig({
      eventKeyJmesPath: 'key',
      payloadValidationJmesPath: 'request',
      expiresAfterSeconds: SERVICE_LIMITS.idempotency_retention_hours * 3600,
      responseHook: (response) => ({ ...(response as object), replayed: true }),
    });
    const run = makeIdempotent(async (_call: IdempotentCall, exec: () => Promise<Reply>): Promise<Reply> => storedForm(await exec()), {
      persistenceStore: new DynamoDBPersistenceLayer({ tableName: store.tableName, awsSdkV3Client: store.client() }),
      config: settings,
      keyPrefix: 'stx',
      dataIndexArgument: 0,
    });
    runner = { run, settings };
    return runner;
  };

  return async (header, scope, exec) => {
    if (header === undefined) return exec();
    const idempotencyKey = validate(IdempotencyKeySchema, header, 'header', 'Idempotency-Key');
    const { run, settings } = idempotentRunner();
    settings.registerLambdaContext(scope.context);
    let live: Reply | undefined;
    const storable = async (): Promise<Reply> => {
      live = await exec();
      const { stored, ...reply } = live;
      return stored === undefined ? reply : { ...reply, body: stored };
    };
    const reply = await run(
      { key: [scope.apiKeyId, scope.tenant, idempotencyKey], request: { method: scope.method, path: scope.path, body: scope.body ?? null } },
      storable,
    );
    return live ?? reply;
  };
}
