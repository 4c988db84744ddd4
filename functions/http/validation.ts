// Request validation: valibot issues become the API's detail codes with dotted targets
// (docs/getting-started.md, "Validation details"). Messages are written here from the schema's
// requirement, never from the submitted value.
import * as v from 'valibot';
import { type DomainError, type ErrorDetail, validationError } from '../core/errors';
import { OWN_FORMAT_MESSAGE } from '../schemas/common';

export type InputRoot = 'body' | 'query' | 'header';

type Issue = v.BaseIssue<unknown>;

const TYPE_CODES: Record<string, string> = {
  string: 'string_type',
  number: 'number_type',
  boolean: 'bool_type',
  array: 'array_type',
  object: 'object_type',
  strict_object: 'object_type',
  loose_object: 'object_type',
  record: 'object_type',
  integer: 'integer_type',
  picklist: 'enum',
  literal: 'enum',
  enum: 'enum',
  min_value: 'greater_than_equal',
  gt_value: 'greater_than',
  max_value: 'less_than_equal',
  lt_value: 'less_than',
  regex: 'string_pattern_mismatch',
  iso_date: 'date_format',
  finite: 'number_type',
};

/** Codes a `v.check`/`v.rawCheck` may name through its message. */
const CUSTOM_CODES = new Set(['date_format', 'duplicate_value', 'string_pattern_mismatch', 'greater_than', 'less_than_equal', 'enum']);

const JSON_INVALID = 'The request body is not valid JSON.';

const MESSAGES: Record<string, (issue: Issue) => string> = {
  missing: () => 'This field is required.',
  extra_forbidden: () => 'This field is not allowed here.',
  string_type: () => 'Must be a string.',
  number_type: () => 'Must be a finite number.',
  integer_type: () => 'Must be an integer.',
  bool_type: () => 'Must be true or false.',
  object_type: () => 'Must be an object.',
  array_type: () => 'Must be an array.',
  enum: (i) => (i.expected ? `Must be one of ${i.expected}.` : 'Is not one of the allowed values.'),
  greater_than_equal: (i) => `Must be greater than or equal to ${requirement(i)}.`,
  greater_than: (i) => `Must be greater than ${requirement(i) ?? 'the minimum'}.`,
  less_than_equal: (i) => `Must be less than or equal to ${requirement(i) ?? 'the maximum'}.`,
  less_than: (i) => `Must be less than ${requirement(i)}.`,
  string_too_short: (i) => `Must be at least ${requirement(i)} characters long.`,
  string_too_long: (i) => `Must be at most ${requirement(i)} characters long.`,
  too_short: (i) => `Must hold at least ${items(requirement(i))}.`,
  too_long: (i) => `Must hold at most ${items(requirement(i))}.`,
  // A schema may name its format (`formatted` in schemas/common.ts): a requirement, never the value.
  string_pattern_mismatch: (i) => (i.message.startsWith(OWN_FORMAT_MESSAGE) ? i.message : 'Does not have the required format.'),
  date_format: () => 'Must be a calendar date formatted YYYY-MM-DD.',
  duplicate_value: () => 'Must be unique; an earlier item uses the same value.',
  json_invalid: () => JSON_INVALID,
};

const items = (n: string | undefined): string => (n === '1' ? '1 item' : `${n} items`);

function requirement(issue: Issue): string | undefined {
  const req = (issue as { requirement?: unknown }).requirement;
  return typeof req === 'number' || typeof req === 'string' ? String(req) : undefined;
}

function detailCode(issue: Issue): string {
  const last = issue.path?.at(-1);
  if (last && last.origin === 'key') return issue.input === undefined ? 'missing' : 'extra_forbidden';
  if (issue.input === undefined && issue.kind === 'schema') return 'missing';
  if (issue.type === 'min_length') return typeof issue.input === 'string' ? 'string_too_short' : 'too_short';
  if (issue.type === 'max_length') return typeof issue.input === 'string' ? 'string_too_long' : 'too_long';
  if ((issue.type === 'check' || issue.type === 'raw_check') && CUSTOM_CODES.has(issue.message)) return issue.message;
  if (issue.type === 'union') {
    const nested = issue.issues?.[0];
    if (nested) return detailCode(nested);
  }
  return TYPE_CODES[issue.type] ?? 'enum';
}

function target(root: InputRoot, issue: Issue, headerName?: string, prefix?: string): string {
  const keys = [...(prefix ? [prefix] : []), ...(issue.path ?? []).map((p) => String(p.key))];
  if (root === 'header') return headerName ? `header.${headerName}` : ['header', ...keys].join('.');
  if (root === 'query') return ['query', ...keys].join('.');
  return keys.length > 0 ? keys.join('.') : 'body';
}

export function issuesToDetails(issues: readonly Issue[], root: InputRoot, headerName?: string, prefix?: string): ErrorDetail[] {
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const code = detailCode(issue);
    const t = target(root, issue, headerName, prefix);
    const key = `${code}@${t}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push({ code, target: t, message: (MESSAGES[code] ?? (() => 'Is not valid.'))(issue) });
  }
  return details;
}

/** Parses input against a schema, or throws `validation_error` listing every failing field. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown, root: InputRoot, headerName?: string): v.InferOutput<S> {
  return validateAt(schema, input, root, undefined, headerName);
}

/** As `validate`, for a part of the body validated on its own (targets start with `prefix`). */
export function validateAt<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  root: InputRoot,
  prefix: string | undefined,
  headerName?: string,
): v.InferOutput<S> {
  const misplaced = arraysForObjects(schema, input, prefix ? [prefix] : []);
  if (misplaced.length > 0)
    throw validationError(misplaced.map((keys) => ({ code: 'object_type', target: keys.length > 0 ? keys.join('.') : root, message: 'Must be an object.' })));
  const result = v.safeParse(schema, input, { abortEarly: false, abortPipeEarly: true });
  if (result.success) return result.output;
  throw validationError(issuesToDetails(result.issues, root, headerName, prefix));
}

const OBJECT_TYPES = new Set(['object', 'strict_object', 'loose_object']);
type Node = { type?: string; entries?: Record<string, Node>; item?: Node; wrapped?: Node; options?: unknown };

/**
 * Where the input holds an array but the schema an object: valibot's object schemas accept arrays
 * (an array is an object to JavaScript), the API does not (object_type). Paths of the places.
 */
function arraysForObjects(schema: v.GenericSchema, input: unknown, path: string[]): string[][] {
  const node = schema as unknown as Node;
  if (node.wrapped) return input === undefined || input === null ? [] : arraysForObjects(node.wrapped as unknown as v.GenericSchema, input, path);
  if (node.type && OBJECT_TYPES.has(node.type)) {
    if (Array.isArray(input)) return [path];
    if (input === null || typeof input !== 'object') return [];
    return Object.entries(node.entries ?? {}).flatMap(([key, entry]) =>
      arraysForObjects(entry as unknown as v.GenericSchema, (input as Record<string, unknown>)[key], [...path, key]),
    );
  }
  if (node.type === 'array' && node.item && Array.isArray(input))
    return input.flatMap((item, i) => arraysForObjects(node.item as unknown as v.GenericSchema, item, [...path, String(i)]));
  return [];
}

/**
 * Deepest nesting of arrays and objects a body may have. The deepest valid body (a batch item's
 * document line) nests 6 levels; libraries that walk a parsed body recursively (Powertools
 * idempotency sorts it to hash it, valibot validates `unknown` members later) overflow the stack
 * at a few thousand, so depth is bounded where the text is parsed, before any of them runs.
 */
export const MAX_JSON_DEPTH = 64;

/** The nesting depth of JSON text (strings skipped), counted without parsing or recursion. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) max = Math.max(max, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** The body of a request: JSON or nothing. Its text is never repeated in the error. */
export function parseJsonBody(raw: string | null | undefined, isBase64 = false): unknown {
  if (raw === null || raw === undefined || raw === '') return undefined;
  const text = isBase64 ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw validationError([
      { code: 'json_invalid', target: 'body', message: `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.` },
    ]);
  try {
    return JSON.parse(text);
  } catch {
    throw validationError([{ code: 'json_invalid', target: 'body', message: JSON_INVALID }]);
  }
}

/**
 * A header or query parameter that selects something must come once: a repeated one is 422
 * `duplicate_value` at its target (`header.Idempotency-Key`, `query.cursor`), never its first or
 * last value, which a proxy in front may have read otherwise.
 */
export const repeatedInput = (targets: readonly string[]): DomainError =>
  validationError(targets.map((target) => ({ code: 'duplicate_value', target, message: 'Was sent more than once; send it once.' })));

/** The names of a query string that carry more than one value (API Gateway's multiValueQueryStringParameters). */
export function repeatedQueryNames(multi: Readonly<Record<string, readonly string[] | undefined>> | null | undefined): string[] {
  return Object.entries(multi ?? {})
    .filter(([, values]) => (values?.length ?? 0) > 1)
    .map(([name]) => name);
}

/** The value of a header that selects something (`Idempotency-Key`, `X-Simulate`), refused when repeated. */
export function singleHeader(
  request: { readonly headers: Readonly<Record<string, string | undefined>>; readonly repeatedHeaders: ReadonlySet<string> },
  name: string,
) {
  const lower = name.toLowerCase();
  if (request.repeatedHeaders.has(lower)) throw repeatedInput([`header.${name}`]);
  return request.headers[lower];
}
