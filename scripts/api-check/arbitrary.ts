// fast-check arbitraries for the JSON Schemas of the OpenAPI document's requests: values the
// document calls valid (every keyword our documents use), and mutations it calls invalid.
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** Arrays stay short: a request of 1,000 lines tests the same rules as one of three. */
const MAX_ITEMS = 3;

const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const instant = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().replace(/\.\d{3}Z$/, 'Z'));

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date') return day;
  if (schema.format === 'date-time') return instant;
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' });
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 0.01) : -1e6);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 0.01) : 1e6);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  // Money and quantities: cents.
  return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(Math.min(max, 1e6) * 100) }).map((c) => c / 100);
}

/** A value the schema accepts. */
export function valid(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(valid));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(valid(schema.items ?? {}), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)) });
    }
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of Object.entries(props)) record[name] = valid(sub);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in props) });
    }
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean());
  }
}

/** A body the schema refuses: a required field missing, a field of the wrong type, or a field it does not know. */
export function invalid(schema: JsonSchema): fc.Arbitrary<unknown> {
  const base = valid(schema);
  const props = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const options: fc.Arbitrary<unknown>[] = [fc.oneof(fc.string(), fc.integer(), fc.constant([]))];
  if (schema.type === 'object') {
    if (schema.additionalProperties === false) options.push(base.map((v) => ({ ...(v as object), zz_not_a_field: 1 })));
    if (required.length > 0)
      options.push(
        fc.tuple(base, fc.constantFrom(...required)).map(([v, k]) => {
          const copy = { ...(v as Record<string, unknown>) };
          delete copy[k];
          return copy;
        }),
      );
    const typed = props.filter((p) => {
      const t = schema.properties?.[p]?.type;
      return typeof t === 'string' && t !== 'null';
    });
    if (typed.length > 0)
      options.push(
        fc
          .tuple(base, fc.constantFrom(...typed))
          .map(([v, k]) => ({ ...(v as object), [k]: schema.properties?.[k]?.type === 'string' ? 12345 : 'not-of-this-type' })),
      );
  }
  return fc.oneof(...options);
}

/**
 * Rules between fields that JSON Schema cannot state and the document states in words (the
 * fields' descriptions): a generated value is made to keep them, anywhere in a body.
 *   - a line's `discount` is at most its `amount`
 *   - a certificate's `valid_to` is not before its `valid_from`
 *   - an `expires_at` lies in the future
 *   - line numbers are unique in their array (`number` defaults to the 1-based position)
 */
export function keepCrossFieldRules(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(keepCrossFieldRules);
    const seen = new Set<string>();
    return items.map((item, i) => {
      if (item === null || typeof item !== 'object' || !('amount' in item || 'tax_amount' in item)) return item;
      const line = item as Record<string, unknown>;
      let number = typeof line.number === 'string' ? line.number : String(i + 1);
      if (seen.has(number)) {
        number = `${i + 1}~${seen.size}`;
        line.number = number;
      }
      seen.add(number);
      return line;
    });
  }
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = keepCrossFieldRules(v);
  if (typeof out.amount === 'number' && typeof out.discount === 'number' && out.discount > out.amount) out.discount = out.amount;
  if (typeof out.valid_from === 'string' && typeof out.valid_to === 'string' && out.valid_to < out.valid_from)
    [out.valid_from, out.valid_to] = [out.valid_to, out.valid_from];
  if (typeof out.expires_at === 'string' && Date.parse(out.expires_at) <= Date.now() + 60_000)
    out.expires_at = new Date(Date.now() + 365 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return out;
}
