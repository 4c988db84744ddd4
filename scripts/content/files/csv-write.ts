// Fields of the CSV files the content tools write, in the layout the readers of data/ read back.

/** A field, quoted when it holds a comma, a quote or a line break. */
export const csvField = (s: string): string => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

/** A rate in millionths as a decimal fraction without trailing zeros ("0.0625", "0"). */
export const decimalText = (micro: number): string => (micro / 1_000_000).toFixed(6).replace(/\.?0+$/, '') || '0';
