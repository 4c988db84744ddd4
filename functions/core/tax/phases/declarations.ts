// A declared exemption (types.ts DeclaredExemption) exempts the lines it covers where no certificate
// applies. Each such line says so in a message, so nobody reads the exemption as evidence.
import type { DocumentInput } from '../input';
import { lineTarget } from '../targets';
import type { DeclaredExemption, Message } from '../types';

/** The document's declaration, normalized (states upper-cased, sorted, once each); null without one. */
export function declarationOf(doc: DocumentInput): DeclaredExemption | null {
  const d = doc.declared_exemption;
  if (!d) return null;
  const states = d.states == null ? null : [...new Set(d.states.map((s) => s.trim().toUpperCase()))].sort();
  return { type: d.type, source: d.source ?? 'document', states, reason: d.reason ?? null };
}

export const covers = (declaration: DeclaredExemption | null, state: string): boolean =>
  declaration !== null && (declaration.states === null || declaration.states.includes(state));

export const DECLARED_WITHOUT_CERTIFICATE = 'declared_exemption_without_certificate';

export function declaredMessage(declaration: DeclaredExemption, index: number, state: string): Message {
  const where = declaration.source === 'customer' ? 'the customer’s declared exempt regions' : 'the document’s declaration';
  return {
    code: DECLARED_WITHOUT_CERTIFICATE,
    severity: 'warning',
    message: `Exempt by the buyer’s declaration ${declaration.type} (${where}) for ${state}, without a certificate on file: no evidence supports this exemption.`,
    target: lineTarget(index),
  };
}
