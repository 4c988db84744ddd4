// AvaTax's definition lists this service can answer truthfully: the system tax codes of the
// crosswalk (tax-codes.ts), each saying which of the service's own codes it is taxed as, and the
// standard entity-use codes (entity-use-codes.ts). Both are read whole and queried with
// `$filter`/`$orderBy`/`$top`/`$skip` (rows.ts).
import { type EntityUseCode, entityUseCodeModel } from './entity-use-codes';
import { stableNumber } from './ids';
import type { FieldType } from './query';
import { AVATAX_TAX_CODES, type AvataxTaxCode } from './tax-codes';

/** AvaTax's tax code types by a code's first letter: product, freight, digital, service, non-taxable. */
const TYPE_OF_LETTER: Readonly<Record<string, string>> = { P: 'P', F: 'F', D: 'D', S: 'S', N: 'N' };

/** What the service calls one of its own codes: its catalog name, or null when the catalog has none. */
export type ServiceCodeName = (code: string) => string | null;

export interface TaxCodeModel {
  readonly id: number;
  readonly companyId: 0;
  readonly taxCode: string;
  readonly taxCodeTypeId: string;
  readonly description: string;
  readonly isPhysical: boolean;
  readonly isActive: true;
}

function taxCodeModel(row: AvataxTaxCode, nameOf: ServiceCodeName): TaxCodeModel {
  const type = TYPE_OF_LETTER[row.avatax[0]!] ?? 'P';
  const ours = row.taxCode === null ? 'general goods (no tax code)' : `${row.taxCode}${nameOf(row.taxCode) ? ` (${nameOf(row.taxCode)})` : ''}`;
  return {
    id: stableNumber('taxcode', row.avatax),
    companyId: 0,
    taxCode: row.avatax,
    taxCodeTypeId: type,
    description: `${row.description}. Taxed here as ${ours}.`,
    isPhysical: type === 'P' || type === 'F',
    isActive: true,
  };
}

/**
 * The crosswalk's codes as TaxCodeModel, by code: the exact rows (a family row is a prefix, not a
 * code AvaTax lists). Codes outside the crosswalk are passed to the engine as sent; they are not
 * listed, since this service cannot say what AvaTax means by them.
 */
export function taxCodeModels(nameOf: ServiceCodeName): TaxCodeModel[] {
  return AVATAX_TAX_CODES.filter((r) => r.match === 'exact')
    .map((r) => taxCodeModel(r, nameOf))
    .sort((a, b) => (a.taxCode < b.taxCode ? -1 : a.taxCode > b.taxCode ? 1 : 0));
}

export const TAX_CODE_FIELDS: Readonly<Record<keyof TaxCodeModel, FieldType>> = {
  id: 'number',
  companyId: 'number',
  taxCode: 'string',
  taxCodeTypeId: 'string',
  description: 'string',
  isPhysical: 'boolean',
  isActive: 'boolean',
};

export const entityUseCodeModels = (codes: readonly EntityUseCode[]) => codes.map(entityUseCodeModel);

export const ENTITY_USE_CODE_FIELDS: Readonly<Record<string, FieldType>> = { code: 'string', name: 'string', description: 'string' };
