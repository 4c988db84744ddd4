// The data files a build reads. Each is read once and listed among the artifact's sources (its path
// under data/, its sha256 and its row count) in the order the build first reads it, so the list is
// the record of what a built artifact was made from.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../files/csv';

export interface SourceFile {
  readonly file: string;
  readonly sha256: string;
  readonly rows: number;
}

export class DataFiles {
  readonly sources: SourceFile[] = [];
  private readonly loaded = new Map<string, Record<string, string>[]>();

  constructor(readonly dir: string) {}

  /** A data file's rows, read once (a table two versions share is listed once). */
  load<K extends string>(file: string, columns: readonly K[]): Record<K, string>[] {
    const key = `${file}\n${columns.join(',')}`;
    const hit = this.loaded.get(key);
    if (hit) return hit as Record<K, string>[];
    const text = readFileSync(join(this.dir, file), 'utf8');
    const rows = parseCsv(text, columns);
    this.list(file, text, rows.length);
    this.loaded.set(key, rows);
    return rows;
  }

  /** A data file without a header (a publisher's own format), listed like the others: its rows are its non-blank lines. */
  text(file: string): string {
    const text = readFileSync(join(this.dir, file), 'utf8');
    this.list(file, text, text.split('\n').filter((l) => l.trim() !== '').length);
    return text;
  }

  private list(file: string, text: string, rows: number): void {
    const path = `data/${file}`;
    if (!this.sources.some((s) => s.file === path)) this.sources.push({ file: path, sha256: createHash('sha256').update(text).digest('hex'), rows });
  }
}
