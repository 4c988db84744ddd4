// Which CSV column holds which document or line field. ERP exports name columns their own way, so
// every field has a default header and `--map field=Header,...` renames any of them.

/**
 * Document-level fields (the same on every row of an invoice) and line fields: every option a
 * document or a line of the API takes that fits in a cell.
 */
export const DOCUMENT_FIELDS = [
  'invoice',
  'date',
  'customer_code',
  'location_code',
  'currency',
  'ship_to_line1',
  'ship_to_city',
  'ship_to_state',
  'ship_to_zip',
  'ship_to_country',
  'ship_from_line1',
  'ship_from_city',
  'ship_from_state',
  'ship_from_zip',
  'ship_from_country',
  'exemption_certificate_id',
  'seller_class',
  'nexus_mode',
  'accuracy_policy',
  'minimum_address_precision',
  'require_known',
  'strict',
  'collected_tax',
] as const;
export const LINE_FIELDS = [
  'line_number',
  'item_code',
  'tax_code',
  'description',
  'quantity',
  'amount',
  'discount',
  'tax_included',
  'line_exemption_certificate_id',
] as const;

export type Field = (typeof DOCUMENT_FIELDS)[number] | (typeof LINE_FIELDS)[number];
export type ColumnMap = Readonly<Record<Field, string>>;

/** The default header of each field: its own name, except the invoice number. */
export const DEFAULT_COLUMNS: ColumnMap = {
  ...(Object.fromEntries([...DOCUMENT_FIELDS, ...LINE_FIELDS].map((f) => [f, f])) as Record<Field, string>),
  invoice: 'invoice_number',
};

const FIELDS = new Set<string>([...DOCUMENT_FIELDS, ...LINE_FIELDS]);

/** `field=Header,field=Header` over the defaults; an unknown field is an error, not ignored. */
export function parseColumnMap(spec: string | undefined): ColumnMap {
  const map: Record<string, string> = { ...DEFAULT_COLUMNS };
  for (const pair of (spec ?? '').split(',').filter((p) => p.trim() !== '')) {
    const at = pair.indexOf('=');
    const field = pair.slice(0, at).trim();
    const header = pair.slice(at + 1).trim();
    if (at < 1 || header === '') throw new Error(`--map: "${pair}" is not field=Header`);
    if (!FIELDS.has(field)) throw new Error(`--map: unknown field "${field}" (fields: ${[...FIELDS].join(', ')})`);
    map[field] = header;
  }
  return map as ColumnMap;
}
