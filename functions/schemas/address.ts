// Addresses as requests carry them (contract §2.1). The schema checks types only: whether a ZIP and
// state resolve is judged by address resolution against the content (400 invalid_address).
import * as v from 'valibot';
import { opt } from './common';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

export const AddressSchema = v.strictObject({
  line1: opt(text(200)),
  line2: opt(text(200)),
  city: opt(text(100)),
  state: opt(text(20)),
  zip: v.pipe(v.string(), v.maxLength(20), v.description('5-digit ZIP or ZIP+4.')),
  country: opt(v.pipe(v.string(), v.maxLength(60), v.description('Only US addresses resolve in v1 ("US").'))),
  latitude: opt(v.pipe(v.number(), v.minValue(-90), v.maxValue(90))),
  longitude: opt(v.pipe(v.number(), v.minValue(-180), v.maxValue(180))),
});

export type AddressInput = v.InferOutput<typeof AddressSchema>;

export const ZipSchema = v.pipe(v.string(), v.regex(/^\d{5}(-?\d{4})?$/), v.description('5-digit ZIP or ZIP+4.'));
