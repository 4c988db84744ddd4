// The query options of AvaTax lists and reads: `$filter` in the OData-like subset clients send
// (`companyCode eq 'X'`, `code eq X`, `taxCode contains "X"`, `status eq Committed`,
// `date ge 2026-01-01`, joined by `and`), `$top`, `$skip`, `$orderBy` and `$include`. Anything else
// a filter could say (`or`, `not`, parentheses, `in`, unknown fields) is refused naming what was not
// understood, rather than answered with rows the client did not ask for.
import { type ErrorDetail, validationError } from '../errors';
import type { EnumTable } from './enums';
import { detail, parseDate } from './input';

/** A query parameter by name in any letter case (`$Filter`, `$filter`); clients differ. */
export function queryParam(params: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(params)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

export type FieldType = 'string' | 'number' | 'date' | 'boolean' | EnumTable;
export type FilterOperator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'contains' | 'startswith' | 'endswith';

export interface FilterClause {
  /** The field's canonical name. */
  readonly field: string;
  readonly operator: FilterOperator;
  /** A string, number or boolean; a date as YYYY-MM-DD; an enumeration member by its name; null for `null`. */
  readonly value: string | number | boolean | null;
}

/** Every clause must hold (the clauses were joined by `and`). */
export type Filter = readonly FilterClause[];

const COMPARISONS = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const TEXT_FUNCTIONS = new Set(['contains', 'startswith', 'endswith']);
const TARGET = 'query.$filter';

const refuse = (code: string, message: string) => validationError([detail(code, TARGET, message)]);

type Token = { readonly kind: 'word' | 'string' | 'symbol'; readonly text: string; readonly at: number };

function tokens(raw: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < raw.length) {
    const c = raw[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'" || c === '"') {
      // A quote inside a string is doubled ('O''Brien'), as OData writes it.
      let text = '';
      let j = i + 1;
      for (;;) {
        if (j >= raw.length) throw refuse('filter_unterminated', `The string starting at position ${i + 1} is not terminated.`);
        if (raw[j] === c) {
          if (raw[j + 1] === c) {
            text += c;
            j += 2;
            continue;
          }
          break;
        }
        text += raw[j];
        j++;
      }
      out.push({ kind: 'string', text, at: i });
      i = j + 1;
    } else if (c === '(' || c === ')' || c === ',') {
      out.push({ kind: 'symbol', text: c, at: i });
      i++;
    } else {
      let j = i;
      while (j < raw.length && !/[\s(),'"]/.test(raw[j]!)) j++;
      out.push({ kind: 'word', text: raw.slice(i, j), at: i });
      i = j;
    }
  }
  return out;
}

function typedValue(token: Token, field: string, type: FieldType): FilterClause['value'] {
  const text = token.text;
  if (token.kind === 'word' && text.toLowerCase() === 'null') return null;
  const wrong = (what: string) => refuse('filter_value', `${field} is ${what}; '${text}' is not one.`);
  if (type === 'string') return text;
  if (type === 'number') {
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) throw wrong('a number');
    return Number(text);
  }
  if (type === 'boolean') {
    const b = text.toLowerCase();
    if (b !== 'true' && b !== 'false') throw wrong('true or false');
    return b === 'true';
  }
  if (type === 'date') {
    const problems: ErrorDetail[] = [];
    const date = parseDate(text, TARGET, problems);
    if (date === null) throw wrong('a date (YYYY-MM-DD)');
    return date;
  }
  const names = Object.keys(type);
  const member = /^-?\d+$/.test(text) ? names.find((n) => type[n] === Number(text)) : names.find((n) => n.toLowerCase() === text.toLowerCase());
  if (member === undefined) throw wrong(`one of ${names.join(', ')}`);
  return member;
}

/**
 * A `$filter` of clauses joined by `and`: `<field> <eq|ne|gt|ge|lt|le|contains|startswith|endswith>
 * <value>`, or `contains(<field>, <value>)` and its siblings. Field names and operators are read in
 * any case; values quoted with `'` or `"`, or bare (`code eq X`). Empty or absent: no filter.
 */
export function parseFilter(raw: string | undefined, fields: Readonly<Record<string, FieldType>>): Filter {
  if (raw === undefined || raw.trim() === '') return [];
  const lookup = new Map(Object.keys(fields).map((name) => [name.toLowerCase(), name]));
  const list = tokens(raw);
  const clauses: FilterClause[] = [];
  let i = 0;
  const next = (): Token | undefined => list[i++];
  const fieldOf = (token: Token | undefined): string => {
    if (token?.kind !== 'word') throw refuse('filter_syntax', `Expected a field name at position ${(token?.at ?? raw.length) + 1}.`);
    const name = lookup.get(token.text.toLowerCase());
    if (name === undefined) throw refuse('filter_field', `${token.text} cannot be filtered on here; fields: ${Object.keys(fields).join(', ')}.`);
    return name;
  };
  const valueToken = (): Token => {
    const token = next();
    if (!token || token.kind === 'symbol') throw refuse('filter_syntax', `Expected a value at position ${(token?.at ?? raw.length) + 1}.`);
    return token;
  };
  const textOnly = (field: string, operator: string) => {
    if (fields[field] !== 'string') throw refuse('filter_unsupported', `${operator} applies to text fields; ${field} is not one.`);
  };
  for (;;) {
    const first = next();
    if (first?.kind === 'word' && TEXT_FUNCTIONS.has(first.text.toLowerCase()) && list[i]?.text === '(') {
      // contains(field, 'value')
      const operator = first.text.toLowerCase() as FilterOperator;
      i++;
      const field = fieldOf(next());
      textOnly(field, operator);
      if (next()?.text !== ',') throw refuse('filter_syntax', `Expected "," in ${operator}(…).`);
      const value = typedValue(valueToken(), field, 'string');
      if (next()?.text !== ')') throw refuse('filter_syntax', `Expected ")" closing ${operator}(…).`);
      clauses.push({ field, operator, value });
    } else {
      if (first?.kind === 'symbol' && first.text === '(')
        throw refuse('filter_unsupported', 'Parentheses are not supported in $filter; join clauses with and.');
      if (first?.kind === 'word' && first.text.toLowerCase() === 'not') throw refuse('filter_unsupported', 'not is not supported in $filter.');
      const field = fieldOf(first);
      const opToken = next();
      const operator = opToken?.kind === 'word' ? opToken.text.toLowerCase() : '';
      if (operator === 'in' || operator === 'has') throw refuse('filter_unsupported', `${operator} is not supported in $filter; use eq.`);
      if (!COMPARISONS.has(operator) && !TEXT_FUNCTIONS.has(operator))
        throw refuse('filter_syntax', `Expected an operator (eq, ne, gt, ge, lt, le, contains, startswith) after ${field}.`);
      if (TEXT_FUNCTIONS.has(operator)) textOnly(field, operator);
      const type = fields[field]!;
      if (typeof type === 'object' || type === 'boolean') {
        if (operator !== 'eq' && operator !== 'ne') throw refuse('filter_unsupported', `${field} can only be compared with eq or ne.`);
      }
      clauses.push({ field, operator: operator as FilterOperator, value: typedValue(valueToken(), field, type) });
    }
    const joint = next();
    if (joint === undefined) return clauses;
    const word = joint.text.toLowerCase();
    if (word === 'or') throw refuse('filter_unsupported', 'or is not supported in $filter; send one query per alternative.');
    if (word !== 'and') throw refuse('filter_syntax', `Expected and at position ${joint.at + 1}, found '${joint.text}'.`);
  }
}

const lower = (v: unknown): string => String(v).toLowerCase();

function holds(clause: FilterClause, actual: unknown): boolean {
  const { operator, value } = clause;
  if (value === null) {
    const missing = actual === null || actual === undefined || actual === '';
    return operator === 'ne' ? !missing : operator === 'eq' && missing;
  }
  if (actual === null || actual === undefined) return operator === 'ne';
  if (operator === 'contains') return lower(actual).includes(lower(value));
  if (operator === 'startswith') return lower(actual).startsWith(lower(value));
  if (operator === 'endswith') return lower(actual).endsWith(lower(value));
  let a: string | number | boolean;
  let b: string | number | boolean = value;
  if (typeof value === 'number') a = Number(actual);
  else if (typeof value === 'boolean') a = actual === true;
  else {
    // Strings compare in any letter case; a date-time field compares by its date.
    a = lower(actual);
    b = lower(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) a = a.slice(0, 10);
  }
  switch (operator) {
    case 'eq':
      return a === b;
    case 'ne':
      return a !== b;
    case 'gt':
      return a > b;
    case 'ge':
      return a >= b;
    case 'lt':
      return a < b;
    default:
      return a <= b;
  }
}

/** Whether a row passes the filter; `read` gives a field's value by its canonical name. */
export const matchesFilter = (filter: Filter, read: (field: string) => unknown): boolean => filter.every((c) => holds(c, read(c.field)));

/** The most rows a page holds, and what an absent or zero `$top` means. */
export const MAX_TOP = 1000;

function count(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^\s*\d+\s*$/.test(raw))
    throw validationError([detail('query_parameter_out_of_range', `query.${name}`, `${name} must be a whole number of rows, 0 or more.`)]);
  return Number(raw);
}

/** `$top`: at most 1000 rows a page; absent or 0 means the most (the official client never sends 0). */
export function parseTop(raw: string | undefined): number {
  const top = count(raw, '$top');
  return top === undefined || top === 0 ? MAX_TOP : Math.min(top, MAX_TOP);
}

/** `$skip`: rows to pass over; absent means none. */
export const parseSkip = (raw: string | undefined): number => count(raw, '$skip') ?? 0;

export interface OrderBy {
  readonly field: string;
  readonly descending: boolean;
}

/** `$orderBy`: `field [asc|desc], …` over the fields a list can sort by, named in any case. */
export function parseOrderBy(raw: string | undefined, fields: readonly string[]): readonly OrderBy[] {
  if (raw === undefined || raw.trim() === '') return [];
  const lookup = new Map(fields.map((name) => [name.toLowerCase(), name]));
  const seen = new Set<string>();
  return raw.split(',').map((part) => {
    const [name = '', direction = 'asc', ...rest] = part.trim().split(/\s+/);
    const field = lookup.get(name.toLowerCase());
    if (field === undefined)
      throw validationError([detail('field_not_orderable', 'query.$orderBy', `${name} cannot order this list; fields: ${fields.join(', ')}.`)]);
    if (rest.length > 0 || !/^(asc|desc)$/i.test(direction))
      throw validationError([detail('filter_syntax', 'query.$orderBy', `Expected "${field} asc" or "${field} desc", found "${part.trim()}".`)]);
    if (seen.has(field)) throw validationError([detail('duplicate_order_by', 'query.$orderBy', `${field} is named twice.`)]);
    seen.add(field);
    return { field, descending: direction.toLowerCase() === 'desc' };
  });
}

/** Sorts a copy of `rows` by `orderBy` (ties keep their order); `read` gives a field's value. */
export function sortRows<T>(rows: readonly T[], orderBy: readonly OrderBy[], read: (row: T, field: string) => unknown): T[] {
  if (orderBy.length === 0) return [...rows];
  const key = (v: unknown): string | number => (typeof v === 'number' ? v : v === null || v === undefined ? '' : String(v).toLowerCase());
  return [...rows].sort((x, y) => {
    for (const { field, descending } of orderBy) {
      const a = key(read(x, field));
      const b = key(read(y, field));
      if (a !== b) return (a < b ? -1 : 1) * (descending ? -1 : 1);
    }
    return 0;
  });
}

/** What a transaction answer carries (`$include`). */
export interface Include {
  readonly lines: boolean;
  readonly details: boolean;
  readonly summary: boolean;
  readonly addresses: boolean;
  readonly taxDetailsByTaxType: boolean;
}

/** Without `$include` (or with an empty one) AvaTax answers `Summary,Addresses`, and a summary implies lines with details. */
export const DEFAULT_INCLUDE: Include = { lines: true, details: true, summary: true, addresses: true, taxDetailsByTaxType: false };

/**
 * `$include`, a comma-separated list in any case: `Lines`, `Details` (implies lines), `Summary`
 * (implies details), `Addresses`, `SummaryOnly` (summary without lines), `LinesOnly` (lines without
 * details), `TaxDetailsByTaxType`. `ForceTimeout` and unknown words are ignored. A list naming none
 * of the parts (empty, or only `TaxDetailsByTaxType`) keeps the default parts.
 */
export function parseInclude(raw: string | undefined): Include {
  const words = new Set(
    (raw ?? '')
      .split(',')
      .map((w) => w.trim().toLowerCase())
      .filter((w) => w !== ''),
  );
  const taxDetailsByTaxType = words.has('taxdetailsbytaxtype');
  const parts = ['lines', 'details', 'summary', 'addresses', 'summaryonly', 'linesonly'].filter((p) => words.has(p));
  if (parts.length === 0) return { ...DEFAULT_INCLUDE, taxDetailsByTaxType };
  if (words.has('summaryonly')) return { lines: false, details: false, summary: true, addresses: words.has('addresses'), taxDetailsByTaxType };
  const summary = words.has('summary');
  const linesOnly = words.has('linesonly');
  const details = !linesOnly && (summary || words.has('details'));
  return { lines: linesOnly || details || words.has('lines'), details, summary, addresses: words.has('addresses'), taxDetailsByTaxType };
}
