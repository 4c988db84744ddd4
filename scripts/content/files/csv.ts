// A small RFC 4180 CSV reader for the data files (quoted fields, doubled quotes, \n or \r\n).
import { readFileSync } from 'node:fs';

/** Rows as objects keyed by the header; `columns` must all be in the header (the data's contract). */
export function parseCsv<K extends string>(text: string, columns: readonly K[] = []): Record<K, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const [head, ...body] = rows.filter((r) => r.length > 1 || r[0] !== '');
  if (!head) return [];
  const absent = columns.filter((c) => !head.includes(c));
  if (absent.length > 0) throw new Error(`CSV lacks columns ${absent.join(', ')}`);
  return body.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ''])) as Record<K, string>);
}

export const readCsv = <K extends string>(path: string, columns: readonly K[] = []): Record<K, string>[] => parseCsv(readFileSync(path, 'utf8'), columns);

/** A decimal rate string ("0.0625") as integer millionths, exactly. */
export function toMicro(value: string): number {
  const t = value.trim();
  if (!/^\d+(\.\d{1,6})?$/.test(t)) throw new Error(`not a rate with up to 6 decimals: ${JSON.stringify(value)}`);
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 1_000_000 + Number(`${frac}000000`.slice(0, 6));
}
