// Building blocks of the response schemas: what every answer of the service is made of. Strict
// objects, so a field a handler adds without declaring it fails the integration tests' check.
import * as v from 'valibot';
import { CATEGORIES } from '../../core/content/artifact';

export const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/), v.description('Calendar date, YYYY-MM-DD.'));
export const Instant = v.pipe(v.string(), v.isoTimestamp(), v.description('RFC 3339 UTC instant.'));
/** USD amount rounded to cents (negative on refund, credit and reversal documents). */
export const Amount = v.pipe(v.number(), v.description('USD, rounded to cents.'));
/** A rate as a fraction with up to 6 decimals (0.0625 = 6.25 %). */
export const Rate = v.pipe(v.number(), v.minValue(0), v.description('Fraction, up to 6 decimals (0.0625 = 6.25 %).'));
export const Environment = v.picklist(['sandbox', 'production']);
export const Category = v.picklist(CATEGORIES);
export const Precision = v.picklist(['state', 'zip5', 'zip9', 'rooftop']);
export const JurisdictionType = v.picklist(['state', 'county', 'city', 'special']);

export const Message = v.strictObject({
  code: v.pipe(v.string(), v.description('Stable, snake_case: content_older_than_date, zip_spans_multiple_rate_areas, unknown_tax_code, holiday_exempt, …')),
  severity: v.picklist(['warning', 'info']),
  message: v.pipe(v.string(), v.description('For people.')),
  target: v.pipe(v.string(), v.description('Dotted path of what it is about (`ship_to`, `lines.0`).')),
});

/** A list page (docs/getting-started.md, "Lists"): `next_cursor` null on the last page. */
export const pageOf = <S extends v.GenericSchema>(item: S) =>
  v.strictObject({
    data: v.array(item),
    next_cursor: v.pipe(v.nullable(v.string()), v.description('Send it back as `cursor` for the next page (valid 24 hours); null on the last page.')),
  });
