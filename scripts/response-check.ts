// Checks one HTTP response against the OpenAPI document: the status is one the operation declares,
// JSON bodies have the declared content type and match its schema (ajv, JSON Schema 2020-12), and
// X-Request-Id is present (and equals error.request_id on errors). Used by the integration tests'
// HTTP helper (every response they receive) and by `npm run api-check`.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { dialectOfPath } from '../lib/gateway-errors';

export interface ObservedResponse {
  readonly status: number;
  readonly headers: Headers;
  /** The parsed JSON body, or undefined when the body was not JSON. */
  readonly body: unknown;
  readonly text: string;
}

interface Operation {
  readonly responses: Record<string, { content?: Record<string, unknown> }>;
}

type Document = { paths: Record<string, Record<string, Operation>> };

const pointer = (...segments: string[]) => segments.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

export function responseChecker(document: Document, basePath = '') {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi');
  const validators = new Map<string, ValidateFunction>();
  // Literal segments win over parameters (`/transactions/adjustments` before `/transactions/{code}`).
  const templates = Object.keys(document.paths)
    .map((template) => ({
      template,
      params: template.split('{').length - 1,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params);
  // Each compatible API answers its own error shape, also where no operation matched.
  const ERROR_SCHEMAS = { contract: '#/components/schemas/Error', taxjar: '#/components/schemas/TaxjarError', avatax: '#/components/schemas/AvataxError' };
  const errorSchema = (path: string) => validator(ERROR_SCHEMAS[dialectOfPath(path)]);

  function validator(ref: string): ValidateFunction {
    let v = validators.get(ref);
    if (!v) {
      v = ajv.compile({ $ref: `openapi${ref}` });
      validators.set(ref, v);
    }
    return v;
  }

  /** What is wrong with a response to `method url` (an empty list when it matches the document). */
  return function problems(method: string, url: string, res: ObservedResponse): string[] {
    const found: string[] = [];
    const path = new URL(url, 'http://x').pathname.slice(basePath.length);
    const requestId = res.headers.get('x-request-id');
    if (!requestId) found.push('no X-Request-Id header');
    const matching = templates.filter((t) => t.pattern.test(path));
    const template = (matching.find((t) => document.paths[t.template]?.[method.toLowerCase()]) ?? matching[0])?.template;
    const operation = template ? document.paths[template]?.[method.toLowerCase()] : undefined;
    const declared = operation?.responses[String(res.status)];
    const type = res.headers.get('content-type') ?? '';
    if (res.status >= 400) {
      // Unknown routes and methods have no operation: they still answer the error envelope.
      if (!operation && ![404, 405].includes(res.status)) found.push(`status ${res.status} for a request no operation describes`);
      if (operation && !declared) found.push(`status ${res.status} not declared`);
      if (!type.startsWith('application/json')) found.push(`content-type ${type || '(none)'} on an error`);
      const check = declared
        ? validator(`#/paths/${pointer(template!, method.toLowerCase())}/responses/${res.status}/content/application~1json/schema`)
        : errorSchema(path);
      if (!check(res.body)) found.push(`error body: ${ajv.errorsText(check.errors)}`);
      // TaxJar's and AvaTax's shapes have no request id in the body (X-Request-Id carries it).
      const inner = (res.body as { error?: unknown } | undefined)?.error;
      if (
        dialectOfPath(path) === 'contract' &&
        typeof inner === 'object' &&
        inner !== null &&
        requestId &&
        (inner as { request_id?: unknown }).request_id !== requestId
      )
        found.push('error.request_id differs from X-Request-Id');
      return found;
    }
    if (!operation) return [...found, `status ${res.status} for ${method} ${path}, which no operation describes`];
    if (!declared) return [...found, `status ${res.status} not declared`];
    const media = Object.keys(declared.content ?? {})[0];
    if (!media) return res.text === '' ? found : [...found, 'a body where none is declared'];
    if (!type.startsWith(media)) found.push(`content-type ${type || '(none)'}, declared ${media}`);
    if (media === 'application/json') {
      const check = validator(`#/paths/${pointer(template!, method.toLowerCase())}/responses/${res.status}/content/application~1json/schema`);
      if (!check(res.body)) found.push(`body: ${ajv.errorsText(check.errors)}`);
    }
    return found;
  };
}
