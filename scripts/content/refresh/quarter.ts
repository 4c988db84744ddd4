// The quarters the refresh reasons in: the publishers date their files by quarter, and a refresh's
// date is a quarter's first day.

/** The first day of the quarter holding an ISO date. */
export function quarterStart(date: string): string {
  return `${date.slice(0, 5)}${String(Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
}

/**
 * The quarter a scheduled refresh prepares on `date` (ISO): in a quarter's last month the next
 * quarter (publishers post its files weeks ahead, and the version must be in force on its first
 * day), otherwise the current one (a late publisher's files, picked up in the quarter's first days).
 */
export function refreshQuarter(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (month % 3 !== 0) return quarterStart(date);
  return month === 12 ? `${year + 1}-01-01` : `${date.slice(0, 5)}${String(month + 1).padStart(2, '0')}-01`;
}
