// The product tax codes of the content (data/README.md, "6. Product tax codes"), by code.
import type { Category, ContentArtifact } from './artifact';

export interface TaxCode {
  readonly code: string;
  readonly name: string;
  readonly description: string;
  readonly category: Category;
}

/** The artifact's tax codes by trimmed upper-case code. */
export function taxCodesOf(artifact: ContentArtifact): Map<string, TaxCode> {
  const codes = new Map<string, TaxCode>();
  for (const [code, name, description, category] of artifact.taxCodes) {
    // taxCode() looks a code up as sent before normalizing it, which needs keys without surrounding space.
    if (code !== code.trim()) throw new Error(`tax code ${JSON.stringify(code)} has surrounding space`);
    codes.set(code.toUpperCase(), { code, name, description, category });
  }
  return codes;
}
