// The AvaTax enumerations of the surface are the official client's, member for member: names
// (which answers write) and numbers (which clients send).
import * as official from 'avatax/lib/enums/index';
import { describe, expect, it } from 'vitest';
import * as ours from '../../../functions/core/avatax/enums';

/** A TypeScript numeric enum's members: its names with their numbers (the reverse entries dropped). */
const members = (e: Record<string, string | number>): Record<string, number> =>
  Object.fromEntries(Object.entries(e).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));

describe('enumerations', () => {
  it.each([
    ['DocumentType', ours.DOCUMENT_TYPES],
    ['DocumentStatus', ours.DOCUMENT_STATUSES],
    ['VoidReasonCode', ours.VOID_REASON_CODES],
    ['RefundType', ours.REFUND_TYPES],
    ['TaxOverrideType', ours.TAX_OVERRIDE_TYPES],
    ['AdjustmentReason', ours.ADJUSTMENT_REASONS],
    ['JurisTypeId', ours.JURIS_TYPE_IDS],
    ['JurisdictionType', ours.JURISDICTION_TYPES],
    ['SeverityLevel', ours.SEVERITY_LEVELS],
    ['ErrorTargetCode', ours.ERROR_TARGET_CODES],
    ['BoundaryLevel', ours.BOUNDARY_LEVELS],
    ['Sourcing', ours.SOURCINGS],
  ] as const)('%s is the official client’s', (name, table) => {
    expect(table).toEqual(members((official as unknown as Record<string, Record<string, string | number>>)[name]!));
  });

  it('tells orders from invoices and returns from sales', () => {
    expect(ours.isOrderType('SalesOrder')).toBe(true);
    expect(ours.isOrderType('ReturnInvoice')).toBe(false);
    expect(ours.isReturnType('ReturnOrder')).toBe(true);
    expect(ours.isReturnType('SalesInvoice')).toBe(false);
  });
});
