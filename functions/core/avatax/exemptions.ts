// Exemption claims of an AvaTax document (docs/avatax-compatibility.md, "Entity-use codes and
// exemption numbers"): a line's `entityUseCode` (or the document's) and `exemptionNo` claim an
// exemption; this service exempts only on evidence (docs/transactions-and-certificates.md, "Exempt
// customers and their certificates"). So a claim selects the customer's certificate that stands
// behind it — active, assigned to the customer, effective on the date, for the line's destination
// state, with the exemption reason the code claims (entity-use-codes.ts) and, when a number is
// claimed, preferably that number — and a claim no certificate stands behind leaves the line taxed
// with a warning. Never a silent exemption, and never a refusal that would break a checkout.
import { type Certificate, grantFor } from '../certificates/certificate';
import type { Message } from '../tax/types';
import type { AvataxLine } from './document';
import { entityUseCode } from './entity-use-codes';

export interface ClaimOutcome {
  /** Per line: the certificate selected for it, or null. */
  readonly selections: readonly (string | null)[];
  /** A warning per claim no certificate stands behind. */
  readonly messages: readonly Message[];
}

const sameNumber = (a: string | null, b: string): boolean => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

const present = (s: string | null): s is string => s !== null && s.trim() !== '';

/** Whether any line claims an exemption (only then are certificates read). */
export const claimsExemption = (lines: readonly Pick<AvataxLine, 'entityUseCode' | 'exemptionCode'>[]): boolean =>
  lines.some((l) => present(l.entityUseCode) || present(l.exemptionCode));

const warning = (target: string, message: string): Message => ({ code: 'exemption_not_certified', severity: 'warning', message, target });

/**
 * The certificate behind each line's claim. `states` are the lines' destination states as the
 * engine located them; `certificates` the customer's, as the key may see them; `customerCode` the
 * service's code of the customer (null: the document names none); `date` the document's.
 */
export function exemptionClaims(
  lines: readonly Pick<AvataxLine, 'entityUseCode' | 'exemptionCode'>[],
  states: readonly string[],
  certificates: readonly Certificate[],
  customerCode: string | null,
  date: string,
): ClaimOutcome {
  const messages: Message[] = [];
  const selections = lines.map((line, i): string | null => {
    const code = present(line.entityUseCode) ? line.entityUseCode.trim() : null;
    const number = present(line.exemptionCode) ? line.exemptionCode.trim() : null;
    if (code === null && number === null) return null;
    const target = code === null ? `lines[${i}].exemptionCode` : `lines[${i}].entityUseCode`;
    const claimed = code === null ? null : entityUseCode(code);
    const reason = claimed?.exemptionReason ?? null;
    const what = code === null ? `exemption number ${number}` : `entity-use code ${code}`;
    if (code !== null && reason === null) {
      messages.push(
        warning(
          target,
          `The line was taxed: ${what} claims no exemption this service can rest on a certificate (it is ${claimed ? 'not a US sales-tax exemption' : 'not one of AvaTax’s standard codes'}).`,
        ),
      );
      return null;
    }
    if (customerCode === null) {
      messages.push(warning(target, `The line was taxed: ${what} is judged against the customer’s certificates, and the document names no customerCode.`));
      return null;
    }
    const state = states[i] ?? '';
    const standing = certificates.filter(
      (c) =>
        c.jurisdiction === state &&
        grantFor(c, customerCode, date) !== null &&
        (reason === null ? sameNumber(c.exemption_number, number!) : c.exemption_reason === reason),
    );
    const chosen = (number === null ? undefined : standing.find((c) => sameNumber(c.exemption_number, number))) ?? standing[0];
    if (chosen) return chosen.id;
    messages.push(
      warning(
        target,
        `The line was taxed: ${what} claims ${reason === null ? 'an exemption' : `a ${reason} exemption`}, and the customer has no active certificate${reason === null ? ' with that number' : ' for that reason'} assigned to it for ${state || 'the destination state'} on ${date}.`,
      ),
    );
    return null;
  });
  return { selections, messages };
}
