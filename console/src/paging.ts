// Where a cursor-paged table is (docs/getting-started.md, "Lists"). The API answers a page and the
// cursor of the next one; cursors are opaque (and may be signed): they are kept exactly as received
// and passed back, never built or altered. Going back re-requests a page by the cursor that first
// reached it.

export interface PageState {
  /** The cursor of every page reached so far; the first page has none. */
  readonly cursors: readonly (string | null)[];
  readonly index: number;
}

export const FIRST_PAGE: PageState = { cursors: [null], index: 0 };

/** The cursor to request the current page with (null: the first page). */
export const cursorOf = (state: PageState): string | null => state.cursors[state.index] ?? null;

export const pageNumber = (state: PageState): number => state.index + 1;

export const hasPrevious = (state: PageState): boolean => state.index > 0;

/** The next page, reached by the `next_cursor` the current page answered (none: stay). */
export function nextPage(state: PageState, nextCursor: string | null): PageState {
  if (nextCursor === null) return state;
  return { cursors: [...state.cursors.slice(0, state.index + 1), nextCursor], index: state.index + 1 };
}

export function previousPage(state: PageState): PageState {
  return hasPrevious(state) ? { cursors: state.cursors, index: state.index - 1 } : state;
}
