// AvaTax names accounts, companies, transactions, customers and certificates by positive 32-bit
// integers, and strict clients refuse anything else (a string `accountId` in Basic authentication,
// a string `companyId` in a CompanyModel). This service's ids are strings, so each gets a number
// derived from it: the first 31 bits of SHA-256 over a labelled string, stable across deployments
// and restarts and never stored. Collisions are possible in principle (two ids among n collide with
// probability about n²/2³²: one in four million for a hundred companies of an account), so a
// number is looked up by scanning the few candidates it may name, and a lookup that finds two
// answers as if it found none rather than guess.
import { createHash } from 'node:crypto';

/** A positive 31-bit number for `value` under `label` (1 … 2³¹−1; 0 is AvaTax's "no id"). */
export function stableNumber(label: string, ...parts: readonly string[]): number {
  const digest = createHash('sha256')
    .update([label, ...parts].join('\u0000'), 'utf8')
    .digest();
  const n = digest.readUInt32BE(0) >>> 1;
  return n === 0 ? 1 : n;
}

/** The AvaTax-style account id of an account (`acct_…`): what a client sends as `accountId`. */
export const accountNumber = (accountId: string): number => stableNumber('account', accountId);

/**
 * The company code of documents filed under no location, and of the account's organization level:
 * AvaTax's own name for an account's default company.
 */
export const DEFAULT_COMPANY_CODE = 'DEFAULT';

/** An AvaTax company is one of the account's locations (companyCode = location code), or the default company (no location). */
export const companyCodeOf = (locationCode: string | null): string => locationCode ?? DEFAULT_COMPANY_CODE;

/** The company id of a location of an account, or of its default company (`locationCode` null). */
export const companyNumber = (accountId: string, locationCode: string | null): number =>
  locationCode === null ? stableNumber('company-default', accountId) : stableNumber('company', accountId, locationCode);

/**
 * The location a `companyCode` names among the account's location codes: the location of that code
 * (exactly, else in another letter case when that is unique); no code, an empty one or `DEFAULT`
 * (any case) the default company (null), unless a location is coded so; undefined for a code that
 * names neither.
 */
export function locationCodeOf(companyCode: string | null | undefined, locationCodes: readonly string[]): string | null | undefined {
  const code = companyCode?.trim() ?? '';
  if (code !== '') {
    if (locationCodes.includes(code)) return code;
    const folded = locationCodes.filter((c) => c.toLowerCase() === code.toLowerCase());
    if (folded.length === 1) return folded[0]!;
  }
  return code === '' || code.toUpperCase() === DEFAULT_COMPANY_CODE ? null : undefined;
}

/** A stored transaction's id: its tenant and code. */
export const transactionNumber = (accountId: string, environment: string, code: string): number => stableNumber('transaction', accountId, environment, code);

export const customerNumber = (accountId: string, environment: string, customerCode: string): number =>
  stableNumber('customer', accountId, environment, customerCode);

export const certificateNumber = (accountId: string, environment: string, certificateId: string): number =>
  stableNumber('certificate', accountId, environment, certificateId);

/**
 * The one candidate whose number is `n`, or undefined when none is, or when several are (a
 * collision: answered as not found, never as a guess).
 */
export function byNumber<T>(n: number, candidates: Iterable<T>, numberOf: (candidate: T) => number): T | undefined {
  let found: T | undefined;
  let count = 0;
  for (const c of candidates)
    if (numberOf(c) === n) {
      found = c;
      if (++count > 1) return undefined;
    }
  return found;
}

/** Candidates that share a number with another, for a writer to refuse creating a colliding one. */
export function collisions<T>(candidates: Iterable<T>, numberOf: (candidate: T) => number): T[] {
  const byN = new Map<number, T[]>();
  for (const c of candidates) {
    const n = numberOf(c);
    byN.set(n, [...(byN.get(n) ?? []), c]);
  }
  return [...byN.values()].filter((group) => group.length > 1).flat();
}

/** What this service's codes may hold (1–50 of `A-Z a-z 0-9 . _ : -`). */
const SERVICE_CODE = /^[A-Za-z0-9._:-]{1,50}$/;

/**
 * A code AvaTax accepts (`INV/001`, `jane@example.com`, a 64-character reference) as one this
 * service's codes can hold: itself when it fits, else `av.` and 40 hex digits of its SHA-256 — the
 * same code always gives the same service code, and the AvaTax code itself is what an answer
 * echoes.
 */
export function serviceCodeOf(code: string): string {
  if (SERVICE_CODE.test(code) && !code.startsWith('av.')) return code;
  return `av.${createHash('sha256').update(code, 'utf8').digest('hex').slice(0, 40)}`;
}
