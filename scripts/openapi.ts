// `npm run openapi`: writes openapi.json from the route manifest, the valibot schemas each handler
// validates with and the response schemas of functions/schemas/responses, so the document cannot
// drift from what the service enforces and answers (the integration tests check every response
// against it).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toJsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema';
import openapiTS, { astToString } from 'openapi-typescript';
import * as v from 'valibot';
import type { ErrorCode } from '../functions/core/errors';
import { routeErrors } from '../functions/http/route-errors';
import { type ErrorDialect, fullPath, type RouteDef, routeEntry } from '../functions/manifest/route';
import { ROUTES, type RouteId } from '../functions/manifest/routes';
import { UsStateSchema } from '../functions/schemas/common';
import { type AnyRequestExample, REQUEST_EXAMPLES, type Sample } from '../functions/schemas/reference/examples';
import { OPERATIONS } from '../functions/schemas/reference/operations';
import { ErrorEnvelope, RESPONSE_COMPONENTS, RESPONSES, type RouteResponse } from '../functions/schemas/responses';
import { AdjustmentRequestSchema } from '../functions/schemas/transactions';
import { commandLine, isMain } from '../lib/command-line';
import { handlerModule, PROJECT_ROOT } from '../lib/paths';

type GenericSchema = v.GenericSchema;

const requestSchema = (schema: GenericSchema) => toJsonSchema(schema, { typeMode: 'input', errorMode: 'ignore', target: 'draft-2020-12' });

/** Path parameters the use cases check against a closed list (a state code), as the document states them; others are any string. */
const PATH_PARAMETER_SCHEMAS: Readonly<Record<string, GenericSchema>> = { state: UsStateSchema };
// Response schemas name the shared shapes of RESPONSE_COMPONENTS by reference to components/schemas.
const RESPONSE_CONFIG = {
  typeMode: 'output',
  errorMode: 'ignore',
  target: 'draft-2020-12',
  definitions: RESPONSE_COMPONENTS,
  overrideRef: ({ referenceId }: { referenceId: string }) => `#/components/schemas/${referenceId}`,
} as const;
const responseSchema = (schema: GenericSchema) => {
  const { $schema: _, $defs: __, ...rest } = toJsonSchema(schema, RESPONSE_CONFIG) as Record<string, unknown>;
  return rest;
};
/** Query parameters are strings at the wire; a default of an integer parameter is still that integer. */
const queryParameter = (schema: Record<string, unknown>) =>
  schema.type === 'integer' && typeof schema.default === 'string' ? { ...schema, default: Number(schema.default) } : schema;
const bare = (schema: object) => {
  const { $schema: _, ...rest } = schema as Record<string, unknown>;
  return rest;
};

/** Real answers recorded by `npm run openapi:examples` (scripts/record-examples.ts), by operation id. */
const EXAMPLES_PATH = join(PROJECT_ROOT, 'openapi-examples.json');
const EXAMPLES: Record<string, unknown> = existsSync(EXAMPLES_PATH) ? JSON.parse(readFileSync(EXAMPLES_PATH, 'utf8')) : {};

const REQUEST_ID = { description: 'API Gateway request id; repeated in error.request_id.', schema: { type: 'string', minLength: 1 } };
const RETRY_AFTER = { description: 'Whole seconds until the window resets (1 for the concurrency limit).', schema: { type: 'integer', minimum: 1 } };

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  422: 'Unprocessable',
  429: 'Rate limited',
  500: 'Internal error',
  503: 'Service unavailable',
};

const ERROR_SCHEMA = responseSchema(ErrorEnvelope) as { properties: { error: { properties: Record<string, unknown> } } };

function narrowedError(codes: readonly ErrorCode[]) {
  const inner = ERROR_SCHEMA.properties.error;
  return {
    ...ERROR_SCHEMA,
    properties: { error: { ...inner, properties: { ...inner.properties, code: { type: 'string', enum: [...codes] } } } },
  };
}

/** The TaxJar-compatible routes' errors (docs/compatibility.md, "Errors"). */
const TAXJAR_ERROR = {
  type: 'object',
  required: ['error', 'detail', 'status'],
  additionalProperties: false,
  properties: {
    error: { type: 'string', description: 'The HTTP reason phrase, e.g. "Bad Request".' },
    detail: { type: 'string', description: 'The message, the error code in brackets, then each failing field.' },
    status: { type: 'integer' },
  },
};

/** The AvaTax-compatible routes' errors (docs/avatax-compatibility.md, "Errors"): AvaTax's ErrorResult. */
const AVATAX_ERROR = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'target', 'details'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', description: 'AvaTax\u2019s error code (EntityNotFoundError, AuthenticationException, GetTaxError, …): program against it.' },
        message: { type: 'string' },
        target: { type: 'string', description: 'What the error is about (HttpRequest, HttpRequestHeaders, IncorrectData, …).' },
        details: {
          type: 'array',
          items: {
            type: 'object',
            required: ['code', 'number', 'message', 'description', 'faultCode', 'severity'],
            additionalProperties: false,
            properties: {
              code: { type: 'string' },
              number: { type: 'integer', description: 'AvaTax\u2019s number of the code (EntityNotFoundError 4, GetTaxError 300, …).' },
              message: { type: 'string' },
              description: { type: 'string', description: 'What the code means, with this service\u2019s own code in parentheses.' },
              faultCode: { type: 'string' },
              faultSubCode: { type: 'string' },
              helpLink: { type: 'string' },
              refersTo: { type: 'string', description: 'The request field the detail is about (`lines[0].amount`), or DocStatus.' },
              severity: { type: 'string', enum: ['Success', 'Warning', 'Error', 'Exception'] },
            },
          },
        },
      },
    },
  },
};

function errorResponse(status: number, codes: readonly ErrorCode[], dialect: ErrorDialect = 'contract') {
  const description = `${STATUS_TEXT[status] ?? 'Error'}: ${codes.map((c) => `\`${c}\``).join(', ')}.`;
  const headers = {
    'X-Request-Id': REQUEST_ID,
    ...(status === 429 || status === 409 || status === 503 ? { 'Retry-After': { ...RETRY_AFTER, required: false } } : {}),
  };
  if (dialect === 'avatax') {
    // AvaTax's shape names AvaTax's codes; ours are in each detail's description.
    return { description, headers, content: { 'application/json': { schema: { $ref: '#/components/schemas/AvataxError' } } } };
  }
  if (dialect === 'taxjar') {
    // TaxJar's shape carries no code field: the codes are in brackets in `detail`.
    const schema = { ...TAXJAR_ERROR, properties: { ...TAXJAR_ERROR.properties, status: { const: status } } };
    return { description, headers, content: { 'application/json': { schema } } };
  }
  return {
    description,
    headers,
    content: {
      'application/json': {
        // The envelope, its code narrowed to what this operation answers with this status (a full
        // copy rather than allOf: tools disagree on allOf with additionalProperties: false).
        schema: narrowedError(codes),
        example: { error: { code: codes[0], message: '…', request_id: 'c0ffee00-0000-4000-8000-000000000000', severity: 'error' } },
      },
    },
  };
}

/** Terms every operation shares, beyond what each one's schemas say (docs/getting-started.md, docs/transactions-and-certificates.md). */
const TERMS = [
  'Generated from functions/manifest/routes, the valibot request schemas and functions/schemas/responses (npm run openapi).',
  '',
  '## Terms',
  '- **One change, one atomic write.** A commit, refund, credit, void or adjustment is written whole or not at all, in one DynamoDB transaction of at most 100 items: the documents, the event, and one return summary per destination state and month (two per state when the document names a `location_code`). A sale keeps one item free for the refund, credit or void that may follow. So a document may have lines in every state and DC without a location, and in at most 48 destination states with one. A change that would need more is refused before anything is written: 400 `invalid_request`, detail `transaction_item_limit` at `lines`, saying how many items it needs and how many states fit.',
  '- **Duplicate codes.** 409 `duplicate_transaction` leaves the existing document unchanged; its detail (`target`: the field that named the code) carries `existing_code` and `same_payload`: `true` (detail code `same_payload`) when the existing document was made from a request with the same payload (SHA-256 of its canonical JSON), i.e. most likely an earlier attempt of this request that was applied; `false` (`different_payload`) for another document; `null` (`payload_unknown`) for documents stored before payload hashes were kept.',
  '- **List cursors** are opaque, encrypted and signed: a `next_cursor` is valid for 24 hours, for keys of the same tenant, environment and key scope, on the list, and under the parent (the batch or return job), that issued it. Anything else is 422 `validation_error` at `query.cursor`.',
  '- **One credential, one selection.** A request carrying `Authorization` or `X-Api-Key` more than once (alike or not, in any letter case) is 401 `invalid_api_key`; a provider key sending `X-Service-Client-Ref` or `X-Service-Client-Id` more than once is 400 `invalid_client_context`; `Idempotency-Key` or (sandbox) `X-Simulate` more than once, or a query parameter of an operation repeated, is 422 `validation_error` with detail `duplicate_value` at `header.<Name>` or `query.<name>`. A proxy in front that reads the first value can never see another caller, client or key than the one served.',
  '- **Retries.** Writes are retried with the same `Idempotency-Key` (24 h); 503 `service_unavailable` and 429 carry `Retry-After`.',
].join('\n');

/** The credential forms a route reads: Bearer and X-Api-Key everywhere, each compatible API's own form too. */
function securityOf(route: RouteDef): Record<string, never[]>[] {
  if (route.public) return [];
  const forms: Record<string, never[]>[] = [{ bearer: [] }, { apiKey: [] }];
  if (route.dialect === 'taxjar') forms.push({ taxjarToken: [] });
  if (route.dialect === 'avatax') forms.push({ basic: [] });
  // A route whose key is optional also answers without one.
  if (route.optionalKey) forms.push({});
  return forms;
}

/** Who may call a route, from its entry: the key, the scope, the environments and the rate bucket. */
function access(route: RouteDef): string {
  if (route.public) return '**Access:** no key needed.';
  if (route.optionalKey) return '**Access:** a key is optional; with one, the answer says whose it is. Counts in no rate-limit bucket.';
  const context = 'the client context (`X-Service-Client-Ref` or `X-Service-Client-Id`)';
  const key = {
    any: 'any valid key (an account key, or a provider key without a client context)',
    tenant: `an account key, or a provider key with ${context}`,
    organization: 'an organization-scoped account key (not location-scoped, not a provider key)',
    provider: route.clientContext ? `a provider key with ${context}` : 'a provider key',
  }[route.credential];
  const scope = route.scope === null ? 'no scope needed' : `scope \`${route.scope}\``;
  const environments = route.environments ? ` ${route.environments.join(' and ')} keys only (others: 403 \`insufficient_scope\`).` : '';
  return `**Access:** ${key}; ${scope}.${environments} Counts in the key’s \`${route.bucket}\` rate-limit bucket.`;
}

/**
 * A request example of functions/schemas/reference/examples.ts: written for the very schema the
 * operation documents, and passing it. Every body has one; a query has one where it says something.
 */
function exampleOf(id: string, part: 'body' | 'query', documented: GenericSchema | undefined, sample: Sample | undefined): unknown {
  if (!documented) {
    if (sample) throw new Error(`${id}: a ${part} example, but the operation takes no ${part}`);
    return undefined;
  }
  if (!sample) {
    if (part === 'body') throw new Error(`${id}: no request body example in functions/schemas/reference/examples.ts`);
    return undefined;
  }
  if (sample.schema !== documented) throw new Error(`${id}: the ${part} example is written for another schema than the one the operation documents`);
  const parsed = v.safeParse(documented, sample.value);
  if (!parsed.success) throw new Error(`${id}: the ${part} example does not pass its schema: ${v.summarize(parsed.issues)}`);
  return sample.value;
}

/** A query value as the parameter's schema types it (strings at the wire, integers where it says so). */
const queryExample = (schema: Record<string, unknown>, value: unknown) => (schema.type === 'integer' && typeof value === 'string' ? Number(value) : value);

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES as readonly RouteDef[]) {
    const mod = (await import(pathToFileURL(handlerModule(routeEntry(route))).href)) as {
      handler: { schemas: { body?: GenericSchema; query?: GenericSchema } };
    };
    const { body, query } = mod.handler.schemas;
    const answer = RESPONSES[route.id as keyof typeof RESPONSES];
    // The adjustment pipeline validates its replacement in a second step; document the whole body.
    const bodySchema = route.id === 'transactions-adjust' ? AdjustmentRequestSchema : body;
    const example: AnyRequestExample = REQUEST_EXAMPLES[route.id as RouteId];
    const bodyExample = exampleOf(route.id, 'body', bodySchema, example.body);
    const queryExamples = (exampleOf(route.id, 'query', query, example.query) ?? {}) as Record<string, unknown>;
    const pathExamples: Readonly<Record<string, string>> = example.path ?? {};
    const parameters: unknown[] = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: PATH_PARAMETER_SCHEMAS[m[1]!] ? requestSchema(PATH_PARAMETER_SCHEMAS[m[1]!]!) : { type: 'string', minLength: 1 },
      example: pathExamples[m[1]!],
    }));
    if (query) {
      const q = requestSchema(query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        const typed = queryParameter(schema as Record<string, unknown>);
        parameters.push({
          name,
          in: 'query',
          required: q.required?.includes(name) ?? false,
          schema: typed,
          ...(queryExamples[name] === undefined ? {} : { example: queryExample(typed, queryExamples[name]) }),
        });
      }
    }
    if (route.method === 'POST')
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Replays the stored 2xx of an earlier call with the same key and payload for 24 h (docs/getting-started.md, "Idempotency"); the same key with another payload is 409 `idempotency_conflict`; sent more than once: 422 `duplicate_value` at `header.Idempotency-Key`.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
      });
    if (!route.public && (route.credential === 'tenant' || route.clientContext)) {
      // Client context applies to provider keys only (docs/providers-and-return-jobs.md, "Acting for
      // a client"): an account key's request is not judged by these headers, so only a
      // provider-only route may declare the id's form.
      const providerOnly = route.credential === 'provider';
      parameters.push(
        {
          name: 'X-Service-Client-Ref',
          in: 'header',
          required: false,
          description: 'Provider keys: the client engagement to act for (its ref). Ignored for account keys.',
          schema: { type: 'string' },
          ...(example.clientRef === undefined ? {} : { example: example.clientRef }),
        },
        {
          name: 'X-Service-Client-Id',
          in: 'header',
          required: false,
          description: providerOnly
            ? 'The client engagement to act for (its numeric id).'
            : 'Provider keys: the client engagement to act for (its numeric id; otherwise 400 invalid_client_context). Ignored for account keys.',
          schema: providerOnly ? { type: 'string', pattern: '^\\s*\\d{1,15}\\s*$' } : { type: 'string' },
        },
      );
    }
    // Every POST validates its Idempotency-Key header (form, and sent once).
    const errors = routeErrors({ ...route, validates: Boolean(bodySchema || query) || route.method === 'POST' }, answer.errors);
    const responses: Record<string, unknown> = {
      [String(answer.status)]: {
        description: answer.description,
        headers: {
          'X-Request-Id': REQUEST_ID,
          ...(route.method === 'POST' ? { 'Idempotent-Replayed': { description: '`true` on a replayed answer.', schema: { const: 'true' } } } : {}),
          ...((answer as RouteResponse).location
            ? { Location: { description: 'Where to follow the accepted work.', required: true, schema: { type: 'string', minLength: 1 } } }
            : {}),
        },
        content: {
          [(answer as RouteResponse).media ?? 'application/json']: {
            schema: responseSchema(answer.schema),
            ...(EXAMPLES[route.id] === undefined ? {} : { example: EXAMPLES[route.id] }),
          },
        },
      },
    };
    for (const [status, codes] of errors) responses[String(status)] = errorResponse(status, codes, route.dialect);
    const text = OPERATIONS[route.id as RouteId];
    (paths[fullPath(route)] ??= {})[route.method.toLowerCase()] = {
      operationId: route.id,
      summary: text.summary,
      description: `${text.description}\n\n${access(route)}`,
      // Grouped on the reference page by the first path segment (transactions, customers, …).
      tags: [route.public ? 'description' : route.dialect === 'taxjar' || route.dialect === 'avatax' ? route.dialect : (route.path.split('/')[1] ?? 'api')],
      security: securityOf(route),
      ...(route.public ? {} : { 'x-required-scope': route.scope, 'x-credential': route.credential, 'x-rate-limit-bucket': route.bucket }),
      ...(route.environments ? { 'x-environments': route.environments } : {}),
      parameters,
      ...(bodySchema
        ? { requestBody: { required: true, content: { 'application/json': { schema: bare(requestSchema(bodySchema)), example: bodyExample } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sales Tax API',
      version: '1.1.0',
      description: TERMS,
    },
    servers: [{ url: 'http://127.0.0.1:3000' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        taxjarToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'TaxJar routes only: `Token token="<key>"`.' },
        basic: {
          type: 'http',
          scheme: 'basic',
          description:
            'AvaTax routes only: `<account>:<key>`, the key as the password (AvaTax\u2019s licence key) and the key\u2019s account id, or its numeric AvaTax account id (GET /api/v1/account), as the user.',
        },
      },
      schemas: { ...toJsonSchemaDefs(RESPONSE_COMPONENTS, RESPONSE_CONFIG), Error: ERROR_SCHEMA, TaxjarError: TAXJAR_ERROR, AvataxError: AVATAX_ERROR },
    },
    paths,
  };
}

/** The typed client's types (client/src/api.generated.ts), generated from the committed document. */
export async function writeClientTypes(): Promise<string> {
  const out = join(PROJECT_ROOT, 'client', 'src', 'api.generated.ts');
  const header = '/**\n * This file was auto-generated by openapi-typescript.\n * Do not make direct changes to the file.\n */\n\n';
  writeFileSync(out, header + astToString(await openapiTS(pathToFileURL(join(PROJECT_ROOT, 'openapi.json')))));
  return out;
}

if (isMain(import.meta.url)) {
  commandLine({
    command: 'npm run openapi --',
    summary:
      "Writes openapi.json from the route manifest and the request and response schemas (with the examples of openapi-examples.json), then the typed client's types in client/src/api.generated.ts from it. Unit tests fail while either is stale.",
  });
  const out = join(PROJECT_ROOT, 'openapi.json');
  writeFileSync(out, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
  console.log(`wrote ${out}`);
  console.log(`wrote ${await writeClientTypes()}`);
}
