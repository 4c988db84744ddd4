// `npm run openapi`: writes openapi.json from the route manifest and the valibot schemas each
// handler validates with, so the document cannot drift from what the service enforces.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { REASONS } from '../functions/core/tax/types';
import { AdjustmentRequestSchema } from '../functions/schemas/transactions';
import { handlerModule, PROJECT_ROOT } from '../lib/paths';
import { fullPath, ROUTES, routeEntry, type RouteDef } from '../lib/routes';

const jsonSchema = (schema: GenericSchema) => toJsonSchema(schema, { typeMode: 'input', errorMode: 'ignore' });

const ERROR = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'request_id', 'severity'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        request_id: { type: 'string', description: 'Equals the X-Request-Id header.' },
        severity: { const: 'error' },
        details: {
          type: 'array',
          items: {
            type: 'object',
            required: ['code', 'message', 'target', 'severity'],
            properties: { code: { type: 'string' }, message: { type: 'string' }, target: { type: 'string' }, severity: { const: 'error' } },
          },
        },
      },
    },
  },
};

/** The TaxJar-compatible routes' errors (README "TaxJar compatibility"). */
const TAXJAR_ERROR = {
  type: 'object',
  required: ['error', 'detail', 'status'],
  properties: {
    error: { type: 'string', description: 'The HTTP reason phrase, e.g. "Bad Request".' },
    detail: { type: 'string', description: 'The message, the error code in brackets, then each failing field.' },
    status: { type: 'integer' },
  },
};

const STATUS: Record<string, string> = { POST: '201', GET: '200', PUT: '200', PATCH: '200', DELETE: '200' };
/** POST endpoints that answer 200 (actions on an existing resource, stateless calculations). */
const OK_200 = new Set([
  'taxjar-taxes',
  'calculations-create',
  'estimates-create',
  'transactions-void',
  'certificates-activate',
  'customers-assign',
  'webhooks-rotate-secret',
]);
/** POST endpoints that queue work and answer 202. */
const ACCEPTED_202 = new Set(['events-redeliver', 'batches-create', 'return-jobs-create']);

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES as readonly RouteDef[]) {
    const mod = (await import(pathToFileURL(handlerModule(routeEntry(route), false)).href)) as {
      handler: { schemas: { body?: GenericSchema; query?: GenericSchema } };
    };
    const { body, query } = mod.handler.schemas;
    // The adjustment pipeline validates its replacement in a second step; document the whole body.
    const bodySchema = route.id === 'transactions-adjust' ? AdjustmentRequestSchema : body;
    const parameters: unknown[] = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    if (query) {
      const q = jsonSchema(query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {}))
        parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
    }
    if (route.method === 'POST')
      parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 } });
    if (route.credential === 'tenant' || route.clientContext)
      parameters.push(
        {
          name: 'X-Service-Client-Ref',
          in: 'header',
          required: false,
          schema: { type: 'string' },
          description: 'Provider keys: the client engagement to act for.',
        },
        { name: 'X-Service-Client-Id', in: 'header', required: false, schema: { type: 'string', pattern: '^\\d+$' } },
      );
    const status = OK_200.has(route.id) ? '200' : ACCEPTED_202.has(route.id) ? '202' : STATUS[route.method]!;
    (paths[fullPath(route)] ??= {})[route.method.toLowerCase()] = {
      operationId: route.id,
      summary: route.id.replaceAll('-', ' '),
      security: route.dialect === 'taxjar' ? [{ bearer: [] }, { apiKey: [] }, { taxjarToken: [] }] : [{ bearer: [] }, { apiKey: [] }],
      'x-required-scope': route.scope,
      'x-rate-limit-bucket': route.bucket,
      ...(route.environments ? { 'x-environments': route.environments } : {}),
      parameters,
      ...(bodySchema ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(bodySchema) } } } } : {}),
      responses: {
        [status]: {
          description: 'Success',
          headers: { 'X-Request-Id': { schema: { type: 'string' } } },
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        default:
          route.dialect === 'taxjar'
            ? { description: "TaxJar's error body", content: { 'application/json': { schema: { $ref: '#/components/schemas/TaxjarError' } } } }
            : { description: 'Error envelope', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Sales Tax API', version: '1.0.0', description: 'Generated from lib/routes.ts and the valibot request schemas (npm run openapi).' },
    servers: [{ url: 'http://127.0.0.1:3000' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        taxjarToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'TaxJar routes only: `Token token="<key>"`.' },
      },
      schemas: {
        Error: ERROR,
        TaxjarError: TAXJAR_ERROR,
        LineReason: {
          type: 'string',
          enum: [...REASONS],
          description:
            'Why a document line is or is not taxed (lines[].reason). holiday_exempt: the line qualifies for a state sales-tax holiday in force on the document date; a message (code holiday_exempt) names the holiday.',
        },
      },
    },
    paths,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = join(PROJECT_ROOT, 'openapi.json');
  writeFileSync(out, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
  console.log(`wrote ${out}`);
}
