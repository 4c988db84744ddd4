// An AvaTax list answered from rows read whole (reference tables, an account's companies, a
// company's customers and certificates): `$filter` over the fields the list names, `$orderBy`
// (else the list's own order), then `$top`/`$skip` into a FetchResult whose `@recordsetCount`
// counts every row the filter kept.
import { type FetchResult, fetchPage, type ListLink } from './lists';
import type { ListParams } from './params';
import { type FieldType, matchesFilter, parseFilter, parseOrderBy, parseSkip, parseTop, sortRows } from './query';

/** The fields a list filters and orders by, by canonical name, and how to read one of a row. */
export interface RowFields<T> {
  readonly types: Readonly<Record<string, FieldType>>;
  readonly read?: (row: T, field: string) => unknown;
}

const property = <T>(row: T, field: string): unknown => (row as Record<string, unknown>)[field];

/** A page of `rows` as the query asks; `link` is the list's path with the request's parameters. */
export function queryRows<T>(rows: readonly T[], query: ListParams, fields: RowFields<T>, link: ListLink): FetchResult<T> {
  const read = fields.read ?? property;
  const filter = parseFilter(query.$filter, fields.types);
  const orderBy = parseOrderBy(query.$orderBy, Object.keys(fields.types));
  const top = parseTop(query.$top);
  const skip = parseSkip(query.$skip);
  const kept = filter.length === 0 ? rows : rows.filter((row) => matchesFilter(filter, (f) => read(row, f)));
  return fetchPage(sortRows(kept, orderBy, read), { top, skip }, link);
}
