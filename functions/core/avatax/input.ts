// What AvaTax clients send, made regular before anything reads it. AvaTax reads property names in
// any letter case (`ShipTo`, `shipto`), enumerations by name in any case or by number, amounts and
// codes as numbers or as strings, dates with or without a time, and path codes in its own escape
// family (`_-ava2f-_` for `/`). Each reader here accepts all of these and reports what it cannot
// read as a validation detail at the request's own path (`lines[0].amount`), so one refusal lists
// every field at fault.
import type { ErrorDetail } from '../errors';
import type { EnumTable } from './enums';

/**
 * How a request's objects are spelled: each canonical (camelCase) property name, mapped to `true`
 * for a value read as is, to the shape of an object, or to `[shape]` for an array of objects.
 */
export interface Shape {
  readonly [name: string]: true | Shape | readonly [Shape];
}

export interface Canonical {
  /** The value with every property the shape knows under its canonical name. */
  readonly value: unknown;
  /** Paths of the properties the shape does not know, which were left out. */
  readonly unknown: readonly string[];
  /** Paths of properties that repeated one already read under another spelling (`shipTo` and `ShipTo`): the exact spelling wins, else the first. */
  readonly repeated: readonly string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const pathOf = (parent: string, key: string | number): string => (typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`);

/** Lower-cased name → canonical name, per shape (shapes are module constants, so this is built once each). */
const lookups = new WeakMap<Shape, ReadonlyMap<string, string>>();
function lookupOf(shape: Shape): ReadonlyMap<string, string> {
  let lookup = lookups.get(shape);
  if (!lookup) {
    lookup = new Map(Object.keys(shape).map((name) => [name.toLowerCase(), name]));
    lookups.set(shape, lookup);
  }
  return lookup;
}

/**
 * The value with its property names canonical, recursively by `shape`. Values of another type than
 * the shape expects are kept as they are, for validation to name; unknown properties are left out
 * and reported (AvaTax ignores them too).
 */
export function canonicalize(value: unknown, shape: Shape, path = ''): Canonical {
  const unknown: string[] = [];
  const repeated: string[] = [];
  const walk = (input: unknown, at: Shape, where: string): unknown => {
    if (!isObject(input)) return input;
    const lookup = lookupOf(at);
    const out: Record<string, unknown> = {};
    // The key each canonical name was read from.
    const readFrom = new Map<string, string>();
    for (const [key, raw] of Object.entries(input)) {
      const name = lookup.get(key.toLowerCase());
      if (name === undefined) {
        unknown.push(pathOf(where, key));
        continue;
      }
      const earlier = readFrom.get(name);
      if (earlier !== undefined) {
        // A second spelling of a property already read: the exact spelling wins, else the first.
        if (key !== name || earlier === name) {
          repeated.push(pathOf(where, key));
          continue;
        }
        repeated.push(pathOf(where, earlier));
      }
      readFrom.set(name, key);
      const here = pathOf(where, name);
      const field = at[name]!;
      if (field === true) out[name] = raw;
      else if (Array.isArray(field)) out[name] = Array.isArray(raw) ? raw.map((item, i) => walk(item, (field as readonly [Shape])[0], pathOf(here, i))) : raw;
      else out[name] = walk(raw, field as Shape, here);
    }
    return out;
  };
  return { value: walk(value, shape, path), unknown, repeated };
}

/** A property of a canonical object, or undefined when the object is not one. */
export const field = (object: unknown, name: string): unknown => (isObject(object) ? object[name] : undefined);

export const detail = (code: string, target: string, message: string): ErrorDetail => ({ code, target, message });

/** An enumeration member by name in any letter case, or by its number (as a number or a numeric string). */
export function parseEnum<T extends EnumTable>(table: T, value: unknown, target: string, problems: ErrorDetail[]): (keyof T & string) | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const names = Object.keys(table) as (keyof T & string)[];
  let found: (keyof T & string) | undefined;
  if (typeof value === 'number' || (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value))) {
    const n = Number(value);
    found = names.find((name) => table[name] === n);
  } else if (typeof value === 'string') {
    const wanted = value.trim().toLowerCase();
    found = names.find((name) => name.toLowerCase() === wanted);
  }
  if (found === undefined) problems.push(detail('enum', target, `Must be one of ${names.join(', ')} (by name, in any case, or by number).`));
  return found;
}

/** A decimal number written as text, as AvaTax's server reads one. */
export const DECIMAL = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;

/** An amount sent as a JSON number or as a decimal string (`"12.50"`); null when absent. */
export function parseAmount(value: unknown, target: string, problems: ErrorDetail[]): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && DECIMAL.test(value)) return Number(value);
  problems.push(detail('number_type', target, 'Must be a decimal number (a JSON number or a string of digits).'));
  return null;
}

/** A code sent as a string or as a number (`customerCode: 0`), as the client wrote it; null when absent. */
export function parseCode(value: unknown, target: string, problems: ErrorDetail[]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  problems.push(detail('string_type', target, 'Must be a string (or a number).'));
  return null;
}

/** Free text; numbers are written out. Null when absent. */
export const parseText = parseCode;

/** `true`/`false`, also as the strings `"true"`/`"false"` (any case) or 1/0. Null when absent. */
export function parseBoolean(value: unknown, target: string, problems: ErrorDetail[]): boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const s = value.trim().toLowerCase();
    if (s === 'true' || s === '1') return true;
    if (s === 'false' || s === '0') return false;
  }
  problems.push(detail('bool_type', target, 'Must be true or false.'));
  return null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

function isCalendarDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * A calendar date from `YYYY-MM-DD` or an ISO date-time (`2026-01-02T03:04:05.000Z`,
 * `2026-01-02T23:30:00-05:00`, AvaTax's own `2026-01-02T00:00:00`). The date is the one written,
 * whatever the offset: a client that sends its local midnight (or its clock's instant) means that day,
 * and converting to UTC would move an evening sale west of Greenwich to the next day.
 */
export function parseDate(value: unknown, target: string, problems: ErrorDetail[]): string | null {
  if (value === undefined || value === null || value === '') return null;
  const m = typeof value === 'string' ? DATE.exec(value.trim()) : null;
  if (
    m &&
    isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3])) &&
    (m[4] === undefined || (Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6] ?? 0) < 60))
  )
    return `${m[1]}-${m[2]}-${m[3]}`;
  problems.push(detail('date_format', target, 'Must be a date, YYYY-MM-DD, or an ISO 8601 date-time.'));
  return null;
}

/** AvaTax's escapes for characters a URL path segment cannot carry, decoded in any letter case. */
const AVA_ESCAPES: readonly (readonly [string, string])[] = [
  ['_-ava2f-_', '/'],
  ['_-ava2b-_', '+'],
  ['_-ava3f-_', '?'],
  ['_-ava25-_', '%'],
  ['_-ava23-_', '#'],
];
const AVA_ESCAPE = /_-ava(2f|2b|3f|25|23)-_/gi;

/**
 * A code taken from a URL path: percent-decoding first (clients that encode each segment send
 * `%2F`), then AvaTax's own escapes (`_-ava2f-_` → `/`), so an escaped `%` is never read as a
 * percent-escape. A run of percent-escapes that is not UTF-8 is kept as written.
 */
export function decodePathCode(segment: string): string {
  const decoded = segment.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
  return decoded.replace(AVA_ESCAPE, (_m, hex: string) => AVA_ESCAPES.find(([e]) => e.slice(5, 7) === hex.toLowerCase())![1]);
}

/** A code as a path segment in AvaTax's escapes (for links the service writes). */
export function encodePathCode(code: string): string {
  let out = code;
  // `%` first: the escapes written after it contain none.
  for (const [sequence, char] of [AVA_ESCAPES[3]!, ...AVA_ESCAPES.filter((_e, i) => i !== 3)]) out = out.split(char).join(sequence);
  return encodeURIComponent(out);
}
