// Tax content reads (docs/taxes-and-content.md): rates at a destination and the tax code catalog.
import * as v from 'valibot';
import { Category, Day, JurisdictionType, Precision, pageOf, Rate } from './common';
import { RateAreas, RateSource, RateSourceKind } from './tax';

export const RateBreakdown = v.strictObject({
  object: v.literal('rate'),
  state: v.string(),
  zip: v.string(),
  date: Day,
  content_version: v.string(),
  precision: Precision,
  multiple_rate_areas: v.pipe(v.boolean(), v.description('The ZIP holds several rate areas (see rate_areas).')),
  rate_areas: RateAreas,
  rate: v.pipe(Rate, v.description('The combined general-merchandise rate.')),
  jurisdictions: v.array(v.strictObject({ type: JurisdictionType, name: v.string(), rate: Rate, source: RateSource, source_kind: RateSourceKind })),
  notes: v.pipe(v.array(v.string()), v.description('What a calculation would warn about: rates older than the date, a ZIP of several rate areas.')),
});

export const TaxCode = v.strictObject({
  object: v.literal('tax_code'),
  code: v.string(),
  name: v.string(),
  description: v.nullable(v.string()),
  category: Category,
});
export const TaxCodeList = v.strictObject({ content_version: v.string(), ...pageOf(TaxCode).entries });

/** The OpenAPI document (described, not restated: its own meta-schema is OpenAPI's). */
export const ApiDescription = v.looseObject({
  openapi: v.pipe(v.string(), v.regex(/^3\.1\.\d+$/)),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  servers: v.array(v.looseObject({ url: v.string() })),
  paths: v.record(v.string(), v.looseObject({})),
});

export const HtmlPage = v.pipe(v.string(), v.description('An HTML page.'));
