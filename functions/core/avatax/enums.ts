// The AvaTax enumerations the compatible surface reads or writes, by name and number. Clients send
// either (the official JavaScript client sends TypeScript numeric enums as numbers; others send
// names in any case); answers always carry the exact PascalCase name, since a strict client maps
// any other spelling to undefined.

export const DOCUMENT_TYPES = {
  SalesOrder: 0,
  SalesInvoice: 1,
  PurchaseOrder: 2,
  PurchaseInvoice: 3,
  ReturnOrder: 4,
  ReturnInvoice: 5,
  InventoryTransferOrder: 6,
  InventoryTransferInvoice: 7,
  ReverseChargeOrder: 8,
  ReverseChargeInvoice: 9,
  CustomsInvoice: 10,
  CustomsOrder: 11,
  InventoryTransferOutboundInvoice: 12,
  InventoryTransferOutboundOrder: 13,
  Any: -1,
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;

export const DOCUMENT_STATUSES = {
  Temporary: 0,
  Saved: 1,
  Posted: 2,
  Committed: 3,
  Cancelled: 4,
  Adjusted: 5,
  Queued: 6,
  PendingApproval: 7,
  Uncommitted: 12,
  Any: -1,
} as const;
export type DocumentStatus = keyof typeof DOCUMENT_STATUSES;

export const VOID_REASON_CODES = { Unspecified: 0, PostFailed: 1, DocDeleted: 2, DocVoided: 3, AdjustmentCancelled: 4 } as const;
export type VoidReasonCode = keyof typeof VOID_REASON_CODES;

export const REFUND_TYPES = { Full: 0, Partial: 1, TaxOnly: 2, Percentage: 3 } as const;
export type RefundType = keyof typeof REFUND_TYPES;

export const TAX_OVERRIDE_TYPES = {
  None: 0,
  TaxAmount: 1,
  Exemption: 2,
  TaxDate: 3,
  AccruedTaxAmount: 4,
  DeriveTaxable: 5,
  OutOfHarbor: 6,
  TaxAmountByTaxType: 7,
  VendorChargedTax: 8,
} as const;
export type TaxOverrideType = keyof typeof TAX_OVERRIDE_TYPES;

export const ADJUSTMENT_REASONS = {
  NotAdjusted: 0,
  SourcingIssue: 1,
  ReconciledWithGeneralLedger: 2,
  ExemptCertApplied: 3,
  PriceAdjusted: 4,
  ProductReturned: 5,
  ProductExchanged: 6,
  BadDebt: 7,
  Other: 8,
  Offline: 9,
  Offset: 10,
} as const;
export type AdjustmentReason = keyof typeof ADJUSTMENT_REASONS;

/** Jurisdiction types as line details name them. */
export const JURIS_TYPE_IDS = { STA: 1, CTY: 2, CIT: 3, STJ: 4, CNT: 5 } as const;
export type JurisTypeId = keyof typeof JURIS_TYPE_IDS;

/** Jurisdiction types as the summary names them. */
export const JURISDICTION_TYPES = { Country: 0, State: 1, County: 2, City: 3, Special: 4 } as const;
export type JurisdictionType = keyof typeof JURISDICTION_TYPES;

export const SEVERITY_LEVELS = { Success: 0, Warning: 1, Error: 2, Exception: 3 } as const;
export type SeverityLevel = keyof typeof SEVERITY_LEVELS;

export const ERROR_TARGET_CODES = {
  Unknown: 0,
  HttpRequest: 1,
  HttpRequestHeaders: 2,
  IncorrectData: 3,
  AvaTaxApiServer: 10,
  AvalaraIdentityServer: 11,
  CustomerAccountSetup: 12,
} as const;
export type ErrorTargetCode = keyof typeof ERROR_TARGET_CODES;

export const BOUNDARY_LEVELS = { Address: 0, Zip9: 1, Zip5: 2 } as const;
export type BoundaryLevel = keyof typeof BOUNDARY_LEVELS;

export const SOURCINGS = { Mixed: 42, Destination: 68, Origin: 79 } as const;
export type Sourcing = keyof typeof SOURCINGS;

export type EnumTable = Readonly<Record<string, number>>;

/** Order documents are estimates AvaTax does not keep; invoices are recorded. */
export const isOrderType = (type: DocumentType): boolean => type.endsWith('Order');
export const isReturnType = (type: DocumentType): boolean => type === 'ReturnOrder' || type === 'ReturnInvoice';
