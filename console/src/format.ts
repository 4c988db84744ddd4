// Display formats shared by the console's pages (no DOM: unit-tested with the other pure modules).

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A USD amount as the API answers it (a number rounded to cents). */
export const money = (amount: number): string => USD.format(amount);

/** Whole seconds as the largest two units, e.g. `45 s`, `3 min 20 s`, `2 h 5 min`, `3 d 4 h`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const units: [number, string][] = [
    [86_400, 'd'],
    [3_600, 'h'],
    [60, 'min'],
    [1, 's'],
  ];
  const first = units.findIndex(([size]) => s >= size);
  if (first === -1) return '0 s';
  const [size, name] = units[first]!;
  const whole = Math.floor(s / size);
  const next = units[first + 1];
  const rest = next ? Math.floor((s % size) / next[0]) : 0;
  return rest > 0 && next ? `${whole} ${name} ${rest} ${next[1]}` : `${whole} ${name}`;
}

/** An RFC 3339 instant as `YYYY-MM-DD HH:MM:SS UTC` (operators compare it with logs, which are UTC). */
export function instant(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A fraction as a percentage with up to 4 decimals (0.0625 → `6.25 %`). */
export const percent = (fraction: number): string => `${Number((fraction * 100).toFixed(4))} %`;
