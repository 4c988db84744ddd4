// Building blocks of the console's pages: headings that take focus, accessible tables, cursor
// pagers, error envelopes, status badges.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { ApiFailure } from './api';
import { instant } from './format';
import type { Loaded } from './hooks';
import { cursorOf, hasPrevious, nextPage, type PageState, pageNumber, previousPage } from './paging';

/** Whether a page was shown before: the first one, on loading, leaves focus where the browser put it. */
let shownBefore = false;

/**
 * The page's heading. When the console moves to another page (a link, signing in), the heading
 * takes focus, so keyboard users continue from it and screen readers announce the new page.
 */
export function PageTitle({ children }: { children: ComponentChildren }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (shownBefore) ref.current?.focus();
    shownBefore = true;
  }, []);
  return (
    <h1 id="page-title" tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}

/** An answer other than success, as the API gave it: code, message, fields and request id. */
export function ErrorBox({ failure, what }: { failure: ApiFailure; what?: string }) {
  return (
    <div class="error" role="alert">
      <p>
        <strong>{what ?? 'The request failed'}:</strong> <code class="error-code">{failure.code}</code> — {failure.message}
      </p>
      {failure.details.length > 0 && (
        <ul>
          {failure.details.map((d) => (
            <li key={`${d.target}:${d.code}`}>
              <code>{d.target}</code>: <code>{d.code}</code> {d.message}
            </li>
          ))}
        </ul>
      )}
      <p class="muted">
        Request id: <code class="request-id">{failure.requestId ?? 'none (no answer reached the page)'}</code>
        {failure.status > 0 && <> · HTTP {failure.status}</>}
      </p>
    </div>
  );
}

export function Badge({ value }: { value: string }) {
  return <span class={`badge badge-${value.replaceAll('_', '-')}`}>{value.replaceAll('_', ' ')}</span>;
}

export function Time({ at }: { at: string | null | undefined }) {
  return at ? <time dateTime={at}>{instant(at)}</time> : <span class="muted">—</span>;
}

export interface Column<T> {
  readonly header: string;
  readonly cell: (row: T) => ComponentChildren;
  /** Right-aligned figures. */
  readonly numeric?: boolean;
  /** The cell that names its row (a row header for screen readers). */
  readonly rowHeader?: boolean;
}

export interface TableProps<T> {
  readonly caption: string;
  readonly columns: readonly Column<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string;
  readonly empty: string;
  /** The caption repeats the heading above the table: kept for screen readers only. */
  readonly hideCaption?: boolean;
}

/**
 * A table with a caption, column headers and row headers; on a narrow screen it scrolls
 * sideways inside a region that keyboard users can focus and scroll.
 */
export function Table<T>({ caption, columns, rows, rowKey, empty, hideCaption = false }: TableProps<T>) {
  return (
    // A scrolling region keyboard users can reach (WCAG 2.1.1): focusable although not interactive.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <section class="table-wrap" aria-label={caption} tabIndex={0}>
      <table>
        <caption class={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" class={c.numeric ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} class="muted">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) =>
                  c.rowHeader ? (
                    <th key={c.header} scope="row">
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.header} class={c.numeric ? 'num' : undefined}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

/** Previous / next through a list with the API's cursors. */
export function Pager({
  label,
  state,
  next,
  onChange,
}: {
  label: string;
  state: PageState;
  next: string | null | undefined;
  onChange: (s: PageState) => void;
}) {
  if (!hasPrevious(state) && !next) return null;
  return (
    <nav class="pager" aria-label={`${label}: pages`}>
      <button type="button" class="secondary" disabled={!hasPrevious(state)} onClick={() => onChange(previousPage(state))}>
        Previous page
      </button>
      <span>Page {pageNumber(state)}</span>
      <button type="button" class="secondary" disabled={!next} onClick={() => next && onChange(nextPage(state, next))}>
        Next page
      </button>
    </nav>
  );
}

/**
 * One page of a list answer (docs/getting-started.md, "Lists") as a table with its pager, the error
 * the API gave, or a loading note. `rows` replaces the page's rows when the caller shows them
 * updated.
 */
export function PagedTable<T>({
  list,
  what,
  page,
  onPage,
  rows,
  ...table
}: Omit<TableProps<T>, 'rows'> & {
  list: Loaded<{ data: T[]; next_cursor: string | null }>;
  what: string;
  page: PageState;
  onPage: (page: PageState) => void;
  rows?: readonly T[];
}) {
  return (
    <>
      {list.failure && <ErrorBox failure={list.failure} what={`Reading ${what}`} />}
      {list.data ? (
        <>
          <Table {...table} rows={rows ?? list.data.data} />
          <Pager label={table.caption} state={page} next={list.data.next_cursor} onChange={onPage} />
        </>
      ) : (
        !list.failure && <Loading what={what} />
      )}
    </>
  );
}

/** The cursor query parameter of a page (none on the first page). */
export const cursorQuery = (state: PageState): { cursor?: string } => {
  const cursor = cursorOf(state);
  return cursor === null ? {} : { cursor };
};

export function Loading({ what }: { what: string }) {
  return (
    <p class="muted" role="status">
      Loading {what}…
    </p>
  );
}

/** A labelled list of figures. */
export function Figures({ items }: { items: readonly [string, ComponentChildren][] }) {
  return (
    <dl class="figures">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
