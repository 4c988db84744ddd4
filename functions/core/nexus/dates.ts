// Calendar arithmetic on 'YYYY-MM-DD' strings, in whole UTC days: the nexus rules count days and
// months of the calendar, never instants, so no time zone or clock enters.

/** The number the digits of text[from, to) spell, or -1 where one is not a digit. */
function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** The year, month and day of a real calendar date `YYYY-MM-DD`, or null ('2023-02-29' is none). */
function parsed(text: string): [number, number, number] | null {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  const y = digits(text, 0, 4);
  const mo = digits(text, 5, 7);
  const d = digits(text, 8, 10);
  return y >= 0 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) ? [y, mo, d] : null;
}

/** Whether the text is a real calendar date ('2023-02-29' is not). */
export function isIsoDate(text: string): boolean {
  return parsed(text) !== null;
}

function parts(date: string): [number, number, number] {
  const p = parsed(date);
  if (!p) throw new Error(`not a date: ${JSON.stringify(date)}`);
  return p;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const iso = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

// Arithmetic rather than Date objects: a year's answer runs these for every day of its look-back
// in every state, and Date construction and formatting dominated its time.

/** Days of a month (1–12). */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]!;
}

/** Days since 1970-01-01: the index the measures are summed over. */
export function dayNumber(date: string): number {
  return daysOf(parts(date));
}

/** `dayNumber` of a real calendar date, or null for text that is none. */
export function dayNumberOrNull(text: string): number | null {
  const p = parsed(text);
  return p ? daysOf(p) : null;
}

function daysOf([y, m, d]: [number, number, number]): number {
  // Years from March, so that the leap day ends a year (H. Hinnant's days_from_civil).
  const year = m <= 2 ? y - 1 : y;
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function fromDayNumber(day: number): string {
  // H. Hinnant's civil_from_days, the inverse of dayNumber.
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const d = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return iso(yearOfEra + era * 400 + (m <= 2 ? 1 : 0), m, d);
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
