// Building blocks of the request schemas. valibot schemas are the single source of request
// validation, request types and the OpenAPI document.
import * as v from 'valibot';
import { US_STATES } from '../core/content/states';

/** Optional field that also accepts JSON null as "not given". */
export const opt = <S extends v.GenericSchema>(schema: S) => v.nullish(schema);

/**
 * A field with the description the API document shows for it (to-json-schema carries it); the
 * validation is the schema's own, unchanged.
 */
export const described = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text));

/** How a format's own message begins (valibot's own messages quote the value, which errors never echo). */
export const OWN_FORMAT_MESSAGE = 'Must be ';

/** A pattern whose refusal names the format it wants (`string_pattern_mismatch`, "Must be <what>."). */
export const formatted = (pattern: RegExp, what: string) => v.regex(pattern, `${OWN_FORMAT_MESSAGE}${what}.`);

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

// The metadata says in JSON Schema what the checks enforce (to-json-schema cannot read a check).
export const DateSchema = v.pipe(
  v.string(),
  v.check(isCalendarDate, 'date_format'),
  v.description('Calendar date, YYYY-MM-DD.'),
  v.metadata({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
);

/** RFC 3339 date-time: seconds required, UTC or with an offset. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
export const InstantSchema = v.pipe(
  v.string(),
  v.check((s) => INSTANT.test(s) && !Number.isNaN(Date.parse(s)), 'date_format'),
  v.description('RFC 3339 date-time, e.g. 2026-12-31T23:59:59Z.'),
  v.metadata({ format: 'date-time' }),
);

/** An expiry: the use case refuses one not in the future (422 greater_than; a clock is not a schema's). */
export const ExpirySchema = v.pipe(InstantSchema, v.description('RFC 3339 date-time in the future (otherwise 422 greater_than).'));

export const StateCodeSchema = v.pipe(
  v.string(),
  formatted(/^[A-Za-z]{2}$/, 'a two-letter state code'),
  v.transform((s) => s.toUpperCase()),
  v.description('Two-letter US state code.'),
);

/**
 * A state code the service knows (50 states and DC), any letter case. The use case checks the
 * list (detail `enum`); the pattern tells the OpenAPI document exactly which strings pass.
 */
export const UsStateSchema = v.pipe(
  v.string(),
  formatted(/^[A-Za-z]{2}$/, 'a two-letter state code'),
  v.metadata({ pattern: `^(?:${US_STATES.map((code) => [...code].map((c) => `[${c}${c.toLowerCase()}]`).join('')).join('|')})$` }),
  v.transform((s) => s.toUpperCase()),
  v.description('US state code (50 states and DC), any letter case.'),
);

/** Identifiers chosen by callers (location codes, SKUs, customer codes, transaction codes). */
export const CodeSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(50),
  formatted(/^[A-Za-z0-9._:-]+$/, 'made of A-Z a-z 0-9 . _ : - only'),
  v.description('1 to 50 of A-Z a-z 0-9 . _ : -'),
);

export const NameSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

/**
 * An integer query parameter: a string at the wire, described to OpenAPI as the integer it must
 * spell (the metadata; conversion stops at the transform).
 */
export const queryInt = (min: number, max: number, fallback: number) =>
  v.pipe(
    v.string(),
    v.metadata({ type: 'integer', minimum: min, maximum: max, default: fallback }),
    v.transform(Number),
    v.integer(),
    v.minValue(min),
    v.maxValue(max),
  );

/** `limit` and `cursor` of every list (docs/getting-started.md, "Lists"). */
export const PageQueryEntries = {
  limit: described(v.optional(queryInt(1, 100, 25), '25'), 'Items per page, 1 to 100.'),
  cursor: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(2048),
      v.description(
        'A `next_cursor` this list returned (for a batch or return job’s items, also the `items_next_cursor` of that same batch or job), presented within 24 hours by a key of the same tenant, environment and key scope. Cursors are encrypted and signed: any other string (altered, cut short, of another tenant, scope, list or parent, expired) is 422 `validation_error` at `query.cursor`.',
      ),
    ),
  ),
};

export const PageQuerySchema = v.strictObject(PageQueryEntries);

/**
 * Each item's `field` at most once in an array (line numbers, batch reference ids): a repeat is a
 * `duplicate_value` at `<index>.<field>`. `keyOf` may default the value from the position.
 */
export function uniqueBy<T>(field: string, keyOf: (item: T, index: number) => string) {
  return v.rawCheck<T[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const seen = new Set<string>();
    dataset.value.forEach((item, i) => {
      const value = keyOf(item, i);
      if (seen.has(value))
        addIssue({
          message: 'duplicate_value',
          path: [
            { type: 'array', origin: 'value', input: dataset.value, key: i, value: item },
            { type: 'object', origin: 'value', input: item as Record<string, unknown>, key: field, value },
          ],
        });
      seen.add(value);
    });
  });
}
