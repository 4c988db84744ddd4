// Cursor paging of the console's tables: cursors are kept as the API answered them and passed back.
import { describe, expect, it } from 'vitest';
import { cursorOf, FIRST_PAGE, hasPrevious, nextPage, pageNumber, previousPage } from '../../../console/src/paging';

describe('page state', () => {
  it('starts without a cursor and follows next_cursor forwards and back', () => {
    expect(cursorOf(FIRST_PAGE)).toBeNull();
    expect(hasPrevious(FIRST_PAGE)).toBe(false);
    const second = nextPage(FIRST_PAGE, 'opaque.sig-1');
    const third = nextPage(second, 'opaque.sig-2');
    expect([cursorOf(second), pageNumber(second)]).toEqual(['opaque.sig-1', 2]);
    expect([cursorOf(third), pageNumber(third)]).toEqual(['opaque.sig-2', 3]);
    const back = previousPage(third);
    expect([cursorOf(back), pageNumber(back)]).toEqual(['opaque.sig-1', 2]);
    expect(previousPage(previousPage(back))).toEqual({ cursors: [null, 'opaque.sig-1', 'opaque.sig-2'], index: 0 });
  });

  it('stays on the last page when there is no next cursor', () => {
    expect(nextPage(FIRST_PAGE, null)).toBe(FIRST_PAGE);
    expect(previousPage(FIRST_PAGE)).toBe(FIRST_PAGE);
  });

  it('forgets pages beyond the current one when it moves forward from an earlier page', () => {
    const third = nextPage(nextPage(FIRST_PAGE, 'c1'), 'c2');
    const again = nextPage(previousPage(third), 'c2-new');
    expect(again).toEqual({ cursors: [null, 'c1', 'c2-new'], index: 2 });
  });
});
