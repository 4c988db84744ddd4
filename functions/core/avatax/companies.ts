// AvaTax companies are this service's account structure: each location of the account is a company
// (companyCode = the location's code) and the account itself is the default company `DEFAULT`, the
// company of documents, customers and certificates under no location (ids.ts). A location-scoped
// key sees its own location's company only. Companies are named by number in AvaTax paths; the
// number is looked up among the companies the key sees, so another account's, or another location's,
// is not found; the same segment of a path may name a company by its code (companyInPath).
import type { Location } from '../account/settings';
import { DomainError } from '../errors';
import { accountNumber, byNumber, companyCodeOf, companyNumber, DEFAULT_COMPANY_CODE, locationCodeOf } from './ids';
import type { FieldType } from './query';

export interface Company {
  readonly id: number;
  readonly code: string;
  /** The location the company is; null for the default company. */
  readonly locationCode: string | null;
  readonly name: string;
  readonly state: string | null;
  readonly createdAt: string | null;
}

/**
 * The companies a key sees: the default company (named as the account) and every location, or for
 * a location-scoped key its location alone. Default first, then by code.
 */
export function companiesOf(accountId: string, accountName: string, locations: readonly Location[], keyLocation: string | null): Company[] {
  const ofLocation = (l: Location): Company => ({
    id: companyNumber(accountId, l.code),
    code: companyCodeOf(l.code),
    locationCode: l.code,
    name: l.name,
    state: l.state,
    createdAt: l.created_at,
  });
  const sorted = [...locations].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  if (keyLocation !== null) return sorted.filter((l) => l.code === keyLocation).map(ofLocation);
  const account: Company = {
    id: companyNumber(accountId, null),
    code: DEFAULT_COMPANY_CODE,
    locationCode: null,
    name: accountName,
    state: null,
    createdAt: null,
  };
  return [account, ...sorted.map(ofLocation)];
}

export const companyNotFound = () => new DomainError('not_found', 'No company with this id exists, or the credentials cannot see it.');

/**
 * The company a path's company segment names among those the key sees: AvaTax's customer and
 * certificate paths carry the company's id (its number), its transaction paths its code, and one
 * segment of the route tree serves both, so either names it (the number first). not_found otherwise.
 */
export function companyInPath(companies: readonly Company[], segment: string): Company {
  const text = segment.trim();
  const byId = /^\d{1,10}$/.test(text) ? byNumber(Number(text), companies, (c) => c.id) : undefined;
  if (byId) return byId;
  const code =
    text === ''
      ? undefined
      : locationCodeOf(
          text,
          companies.flatMap((c) => (c.locationCode === null ? [] : [c.locationCode])),
        );
  const byCode = code === undefined ? undefined : companies.find((c) => c.locationCode === code);
  if (!byCode) throw companyNotFound();
  return byCode;
}

export interface CompanyModel {
  readonly id: number;
  readonly accountId: number;
  readonly companyCode: string;
  readonly name: string;
  readonly isDefault: boolean;
  readonly isActive: true;
  readonly hasProfile: true;
  readonly defaultCountry: 'US';
  readonly baseCurrencyCode: 'USD';
  readonly isTest: boolean;
  readonly createdDate?: string;
}

/** A company as AvaTax's CompanyModel; `isTest` for the sandbox (AvaTax's name for a test company). */
export function companyModel(company: Company, accountId: string, environment: 'sandbox' | 'production'): CompanyModel {
  return {
    id: company.id,
    accountId: accountNumber(accountId),
    companyCode: company.code,
    name: company.name,
    isDefault: company.locationCode === null,
    isActive: true,
    hasProfile: true,
    defaultCountry: 'US',
    baseCurrencyCode: 'USD',
    isTest: environment === 'sandbox',
    ...(company.createdAt === null ? {} : { createdDate: company.createdAt }),
  };
}

export const COMPANY_FIELDS: Readonly<Record<string, FieldType>> = {
  id: 'number',
  accountId: 'number',
  companyCode: 'string',
  name: 'string',
  isDefault: 'boolean',
  isActive: 'boolean',
  defaultCountry: 'string',
  baseCurrencyCode: 'string',
  isTest: 'boolean',
  createdDate: 'date',
};
