// Tax content reads (contract §2.6): rates at a destination and the tax code catalog.
import * as v from 'valibot';
import { Category, Day, JurisdictionType, Precision, Rate, pageOf } from './common';

export const RateBreakdown = v.strictObject({
  object: v.literal('rate'),
  state: v.string(),
  zip: v.string(),
  date: Day,
  content_version: v.string(),
  precision: Precision,
  multiple_rate_areas: v.boolean(),
  rate: Rate,
  jurisdictions: v.array(v.strictObject({ type: JurisdictionType, name: v.string(), rate: Rate })),
  notes: v.array(v.string()),
});

export const TaxCode = v.strictObject({
  object: v.literal('tax_code'),
  code: v.string(),
  name: v.string(),
  description: v.nullable(v.string()),
  category: Category,
});
export const TaxCodeList = v.strictObject({ content_version: v.string(), ...pageOf(TaxCode).entries });
