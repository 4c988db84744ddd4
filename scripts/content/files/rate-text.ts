// Rate and date fields as the state publishers write them, read exactly (integer millionths) or refused.
import { toMicro } from './csv';

/** A decimal fraction ("0.0625") as millionths; null when it is not one. */
export function fractionMicro(text: string): number | null {
  try {
    const micro = toMicro(text);
    return micro <= 1_000_000 ? micro : null;
  } catch {
    return null;
  }
}

/** A percentage ("6.1", "2.25") as millionths of the whole; null when it is not one (4 decimals at most). */
export function percentMicro(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  const micro = Number(whole) * 10_000 + Number(`${frac}0000`.slice(0, 4));
  return micro <= 1_000_000 ? micro : null;
}

/** An ISO date from its parts, or null when they are not a real date. */
export function isoFrom(year: number, month: number, day: number): string | null {
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}
