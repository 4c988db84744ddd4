// The source texts of data rows, as the content labels them.

/** A data row's source text up to its first "; " (the publication the row names first). */
export function firstClause(text: string): string {
  return text.split('; ')[0]!.trim();
}
