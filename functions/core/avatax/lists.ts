// AvaTax lists as FetchResult `{"@recordsetCount", "value", "nextLink"}`. `@recordsetCount` is the
// number of rows the query matches before paging (clients page with `$skip` until they reach it),
// and `nextLink` repeats the query for the rows after this page, present only while some remain.
import { MAX_TOP } from './query';

export interface FetchResult<T> {
  readonly '@recordsetCount': number;
  readonly value: readonly T[];
  readonly nextLink?: string;
}

export interface PageQuery {
  readonly top: number;
  readonly skip: number;
}

export interface ListLink {
  /** The list's path, `/api/v2/…`. */
  readonly path: string;
  /** The request's other query parameters (`$filter`, `$include`, `$orderBy`…), repeated in the link. */
  readonly params?: Readonly<Record<string, string | undefined>>;
}

const PAGING = new Set(['$top', '$skip']);

/** The link to the rows after `skip + shown`, with the request's own parameters. */
export function nextLinkOf(link: ListLink, top: number, skip: number): string {
  const params = Object.entries(link.params ?? {})
    .filter(([k, v]) => v !== undefined && !PAGING.has(k.toLowerCase()))
    .map(([k, v]) => `${/^\$?\w+$/.test(k) ? k : encodeURIComponent(k)}=${encodeURIComponent(v!)}`);
  return `${link.path}?${[...params, `$top=${top}`, `$skip=${skip}`].join('&')}`;
}

/** A page of `value` (already the rows from `skip` on, at most `top`) of a list of `total` rows. */
export function fetchResult<T>(value: readonly T[], total: number, query: PageQuery, link: ListLink): FetchResult<T> {
  const after = query.skip + value.length;
  return { '@recordsetCount': total, value, ...(after < total && value.length > 0 ? { nextLink: nextLinkOf(link, query.top, after) } : {}) };
}

/** A page of a list read whole (filtered and ordered), by `$top` and `$skip`. */
export function fetchPage<T>(rows: readonly T[], query: PageQuery, link: ListLink): FetchResult<T> {
  const top = Math.min(query.top > 0 ? query.top : MAX_TOP, MAX_TOP);
  return fetchResult(rows.slice(query.skip, query.skip + top), rows.length, { top, skip: query.skip }, link);
}
