// Addresses as requests carry them (docs/taxes-and-content.md, "Precision and certainty"). The
// schema checks types only: whether a ZIP and state resolve is judged by address resolution against
// the content (400 invalid_address).
import * as v from 'valibot';
import { described, formatted, opt } from './common';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

export const AddressSchema = v.strictObject({
  line1: described(opt(text(200)), 'Street and number. Not used for the rate, which follows the ZIP (and state).'),
  line2: opt(text(200)),
  city: described(opt(text(100)), 'Not used for the rate, which follows the ZIP (and state).'),
  state: described(opt(text(20)), 'Two-letter state code. Needed where a ZIP crosses a state line; a ZIP not in this state is 400 invalid_address.'),
  zip: v.pipe(v.string(), v.maxLength(20), v.description('5-digit ZIP or ZIP+4.')),
  country: opt(
    v.pipe(v.string(), v.maxLength(60), v.description('Only US addresses resolve in v1 ("US" or "USA"; default US); another country is 400 invalid_address.')),
  ),
  latitude: described(
    opt(v.pipe(v.number(), v.minValue(-90), v.maxValue(90))),
    'With `longitude`: the rate area of an official boundary holding the point, where the content has boundaries for the state (`precision: rooftop`).',
  ),
  longitude: described(opt(v.pipe(v.number(), v.minValue(-180), v.maxValue(180))), 'See `latitude`.'),
});

export type AddressInput = v.InferOutput<typeof AddressSchema>;

export const ZipSchema = v.pipe(v.string(), formatted(/^\d{5}(-?\d{4})?$/, 'a 5-digit ZIP or ZIP+4'), v.description('5-digit ZIP or ZIP+4.'));
