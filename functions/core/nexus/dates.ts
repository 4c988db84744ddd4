// Calendar arithmetic on 'YYYY-MM-DD' strings, in whole UTC days: the nexus rules count days and
// months of the calendar, never instants, so no time zone or clock enters.

const DAY_MS = 86_400_000;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar date ('2023-02-29' is not). */
export function isIsoDate(text: string): boolean {
  const m = ISO.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

function parts(date: string): [number, number, number] {
  if (!isIsoDate(date)) throw new Error(`not a date: ${JSON.stringify(date)}`);
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const iso = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days since 1970-01-01: the index the measures are summed over. */
export function dayNumber(date: string): number {
  const [y, m, d] = parts(date);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

export function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export const addDays = (date: string, days: number): string => fromDayNumber(dayNumber(date) + days);

export const yearOf = (date: string): number => parts(date)[0];
export const monthOf = (date: string): number => parts(date)[1];

/** The first day of the month `months` after the month of `date` (0: its own month). */
export function firstOfMonth(date: string, months = 0): string {
  const [y, m] = parts(date);
  const index = y * 12 + (m - 1) + months;
  return iso(Math.floor(index / 12), (index % 12) + 1, 1);
}

/** The last day of the month `months` after the month of `date`. */
export function endOfMonth(date: string, months = 0): string {
  return addDays(firstOfMonth(date, months + 1), -1);
}

/** The first day of a 12-month window ending on `end`: the day after the same date a year earlier. */
export function twelveMonthsEndingOn(end: string): { from: string; to: string } {
  const [y, m, d] = parts(end);
  // A year before 29 February is 28 February; the window then starts on 1 March.
  const back = iso(y - 1, m, Math.min(d, daysInMonth(y - 1, m)));
  return { from: addDays(back, 1), to: end };
}

export const januaryFirst = (year: number): string => iso(year, 1, 1);
export const decemberThirtyFirst = (year: number): string => iso(year, 12, 31);
export const dateOf = iso;
