// The source texts of data rows, as the content labels them.

/**
 * A data row's source text up to its first "; " outside parentheses (the publication the row names
 * first): a clause inside a citation's parentheses belongs to that citation, and cutting there would
 * leave it unclosed.
 */
export function firstClause(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && c === ';' && text[i + 1] === ' ') return text.slice(0, i).trim();
  }
  return text.trim();
}
