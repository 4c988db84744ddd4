// The quarters the refresh reasons in: the publishers date their files by quarter, and a refresh's
// date is a quarter's first day.

/** The first day of the quarter holding an ISO date. */
export function quarterStart(date: string): string {
  return `${date.slice(0, 5)}${String(Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
}
