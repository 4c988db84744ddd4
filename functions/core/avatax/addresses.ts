// AvaTax's address resolution and tax rates by address, from what the tax content knows: ZIP codes,
// the state each belongs to, the ZIP's city, the jurisdictions of its rate area and the point
// GeoNames gives the ZIP. The content has no street or rooftop data, so a resolved address is the
// address as sent with its state, ZIP and (when the client sent none) the ZIP's city filled in, and
// its `coordinates` are the ZIP's centroid, with the resolution quality that claims no more
// (postalResolution below; docs/avatax-compatibility.md). An address that cannot be placed answers
// 200 with `messages` of severity Error, as AvaTax does; a good one has no `messages` key at all,
// since connectors treat any as a failure.

import { US_STATES } from '../content/states';
import type { Resolution } from '../content/tax-content';
import type { GeoNamesAccuracy, ZipCentroid } from '../content/zip-centroids';
import { DomainError, type ErrorDetail, validationError } from '../errors';
import { fromMicro } from '../tax/money';
import type { Component } from '../tax/taxability';
import type { JurisdictionType } from './enums';
import { canonicalize, detail, field, parseAmount, parseEnum, parseText, type Shape } from './input';

export const TEXT_CASES = { Upper: 0, Mixed: 1 } as const;
export type TextCase = keyof typeof TEXT_CASES;

/** An address as a client sends it to be resolved (AddressValidationInfo, or the GET's query). */
export interface AddressInput {
  readonly line1: string | null;
  readonly line2: string | null;
  readonly line3: string | null;
  readonly city: string | null;
  readonly region: string | null;
  readonly postalCode: string | null;
  readonly country: string | null;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly textCase: TextCase;
}

/** AddressValidationInfo's properties, read in any letter case. */
export const ADDRESS_SHAPE: Shape = {
  line1: true,
  line2: true,
  line3: true,
  city: true,
  region: true,
  postalCode: true,
  country: true,
  latitude: true,
  longitude: true,
  textCase: true,
};

export const ADDRESS_QUERY = ['line1', 'line2', 'line3', 'city', 'region', 'postalCode', 'country', 'textCase'] as const;

/** The address of a POST body (any property spelling) or a GET query (already by canonical name). */
export function addressInputOf(raw: unknown, root: 'body' | 'query'): AddressInput {
  const problems: ErrorDetail[] = [];
  const value = root === 'body' ? canonicalize(raw, ADDRESS_SHAPE).value : raw;
  if (root === 'body' && (typeof value !== 'object' || value === null || Array.isArray(value)))
    throw validationError([detail(value === undefined ? 'missing' : 'object_type', 'body', 'Send an AddressValidationInfo object.')]);
  const at = (name: string) => (root === 'query' ? `query.${name}` : name);
  const text = (name: string) => {
    const read = parseText(field(value, name), at(name), problems);
    return read === null || read.trim() === '' ? null : read.trim();
  };
  const input: AddressInput = {
    line1: text('line1'),
    line2: text('line2'),
    line3: text('line3'),
    city: text('city'),
    region: text('region'),
    postalCode: text('postalCode'),
    country: text('country'),
    latitude: root === 'body' ? parseAmount(field(value, 'latitude'), 'latitude', problems) : null,
    longitude: root === 'body' ? parseAmount(field(value, 'longitude'), 'longitude', problems) : null,
    textCase: parseEnum(TEXT_CASES, field(value, 'textCase'), at('textCase'), problems) ?? 'Upper',
  };
  if (problems.length > 0) throw validationError(problems);
  return input;
}

const US_NAMES = new Set(['US', 'USA', 'UNITED STATES', 'UNITED STATES OF AMERICA']);

/** Whether a country as sent names the United States (absent: it does, the service is US-only). */
export const isUnitedStates = (country: string | null): boolean => country === null || US_NAMES.has(country.trim().toUpperCase().replace(/\s+/g, ' '));

/** A region as sent (a state's code or name, any case) as the state's code, or undefined when it names none. */
export function stateOfRegion(region: string, stateName: (code: string) => string): string | undefined {
  const wanted = region.trim().toUpperCase().replace(/\s+/g, ' ');
  if ((US_STATES as readonly string[]).includes(wanted)) return wanted;
  return US_STATES.find((code) => stateName(code).toUpperCase() === wanted);
}

/** What resolution reads from the content. */
export interface AddressFacts {
  readonly resolve: (state: string | undefined, zip: string) => Resolution;
  readonly stateName: (code: string) => string;
  /** The jurisdictions of the ZIP's rate area today, or null when no rate is known. */
  readonly jurisdictions: (state: string, zip: string) => readonly Component[] | null;
  /** The point GeoNames gives a 5-digit ZIP, or undefined when it has none. */
  readonly centroid: (zip: string) => ZipCentroid | undefined;
}

/** The values of AvaTax's ResolutionQuality this service answers. */
export type ResolutionQuality = 'NotCoded' | 'PartialCentroid' | 'PostalCentroidGood';

/**
 * AvaTax's resolution quality of an address placed at its ZIP's GeoNames point. AvaTax grades postal
 * centroids by the code they are the centre of: Good a 5-digit ZIP, Better a ZIP+2, Best a ZIP+4. The
 * points are of 5-digit ZIPs only, so at most Good, whatever the ZIP+4 sent; GeoNames' accuracy codes
 * say how the point was found, not of which code: a point GeoNames estimated from neighbouring codes
 * (1), or gave no accuracy for (0), was not found for the ZIP itself, so it claims only
 * PartialCentroid, AvaTax's value for a point coarser than a postal centroid.
 */
export function postalResolution(accuracy: GeoNamesAccuracy): ResolutionQuality {
  return accuracy === 4 || accuracy === 6 ? 'PostalCentroidGood' : 'PartialCentroid';
}

export interface AvataxMessage {
  readonly summary: string;
  readonly details: string;
  readonly refersTo: string;
  readonly severity: 'Error';
  readonly source: string;
}

const SOURCE = 'AddressResolution';

const message = (summary: string, details: string, refersTo: string): AvataxMessage => ({ summary, details, refersTo, severity: 'Error', source: SOURCE });

type AddressInfo = Partial<Record<'line1' | 'line2' | 'line3' | 'city' | 'region' | 'country' | 'postalCode', string>> &
  Partial<Record<'latitude' | 'longitude', number>>;

export interface ValidatedAddress extends Partial<Record<'line1' | 'line2' | 'line3' | 'city' | 'region' | 'country' | 'postalCode', string>> {
  readonly addressType: 'UnknownAddressType';
  readonly latitude?: number;
  readonly longitude?: number;
}

/** AvaTax's CoordinateInfo. */
export interface Coordinates {
  readonly latitude: number;
  readonly longitude: number;
}

export interface TaxAuthority {
  readonly jurisdictionName: string;
  readonly jurisdictionType: JurisdictionType;
}

export interface AddressResolution {
  readonly address: AddressInfo;
  readonly validatedAddresses: readonly ValidatedAddress[];
  readonly coordinates?: Coordinates;
  readonly resolutionQuality: ResolutionQuality;
  readonly taxAuthorities?: readonly TaxAuthority[];
  readonly messages?: readonly AvataxMessage[];
}

const SMALL_WORDS = new Set(['of', 'and', 'the', 'de', 'la']);

/** One of the content's upper-case names in title case (`DISTRICT OF COLUMBIA` → `District of Columbia`). */
export const titleCase = (name: string): string =>
  name
    .toLowerCase()
    .replace(/(^|[\s\-'.])(\p{L}+)/gu, (_m, sep: string, word: string) =>
      sep !== '' && SMALL_WORDS.has(word) ? sep + word : sep + word[0]!.toUpperCase() + word.slice(1),
    );

/** Names as AvaTax cases them: upper case, or as written (the content's upper-case names in title case). */
function cased(text: string, textCase: TextCase, fromContent: boolean): string {
  if (textCase === 'Upper') return text.toUpperCase();
  return fromContent ? titleCase(text) : text;
}

const JURISDICTION_TYPES: Readonly<Record<Component['type'], JurisdictionType>> = { state: 'State', county: 'County', city: 'City', special: 'Special' };

/** The rates of a rate area as TaxRateModel: the combined rate and each jurisdiction's. */
export function taxRateModel(components: readonly Component[]) {
  return {
    totalRate: fromMicro(components.reduce((sum, c) => sum + c.rate, 0)),
    rates: components.map((c) => ({ rate: fromMicro(c.rate), name: c.name, type: JURISDICTION_TYPES[c.type] })),
  };
}

/** The address as sent (AddressInfo), without what was not sent. */
function sentAddress(input: AddressInput): AddressInfo {
  const out: Record<string, string | number> = {};
  for (const name of ['line1', 'line2', 'line3', 'city', 'region', 'country', 'postalCode', 'latitude', 'longitude'] as const) {
    const value = input[name];
    if (value !== null) out[name] = value;
  }
  return out as AddressInfo;
}

/** The lines as sent, cased as asked. */
function lines(input: AddressInput): Pick<ValidatedAddress, 'line1' | 'line2' | 'line3'> {
  const out: Record<string, string> = {};
  for (const name of ['line1', 'line2', 'line3'] as const) {
    const value = input[name];
    if (value !== null) out[name] = cased(value, input.textCase, false);
  }
  return out;
}

/** What the content says about a ZIP that is not one it can place, as AvaTax's message. */
function unplaced(resolution: Exclude<Resolution, { kind: 'area' }>, zip: string, region: string | undefined): AvataxMessage {
  if (resolution.kind === 'unrated')
    return message('The postal code was not found.', `No ZIP code ${resolution.zip} is known in ${resolution.state}.`, 'Address.PostalCode');
  const { reason } = resolution;
  if (/not a 5-digit/.test(reason)) return message('The postal code is not a US ZIP code.', reason, 'Address.PostalCode');
  if (/does not belong/.test(reason))
    return message('The postal code is not in the region.', `The ZIP code ${zip} does not belong to ${region}.`, 'Address.PostalCode');
  return message('The postal code was not found in one state.', `${reason} The ZIP code ${zip} is listed in no state, or in several.`, 'Address.PostalCode');
}

/**
 * The AddressResolutionModel of an address: placed by its ZIP code (and region, when sent), or
 * answered with the messages that say why it could not be.
 */
export function resolveAddress(input: AddressInput, facts: AddressFacts): AddressResolution {
  const address = sentAddress(input);
  const asSent: ValidatedAddress = {
    addressType: 'UnknownAddressType',
    ...lines(input),
    ...(input.city === null ? {} : { city: cased(input.city, input.textCase, false) }),
    ...(input.region === null ? {} : { region: cased(input.region, input.textCase, false) }),
    ...(input.country === null ? {} : { country: cased(input.country, input.textCase, false) }),
    ...(input.postalCode === null ? {} : { postalCode: input.postalCode }),
  };
  const refused = (messages: readonly AvataxMessage[]): AddressResolution => ({
    address,
    validatedAddresses: [asSent],
    resolutionQuality: 'NotCoded',
    messages,
  });
  const problems: AvataxMessage[] = [];
  if (!isUnitedStates(input.country))
    problems.push(
      message(
        'The address is not in the United States.',
        `The country ${input.country} is not one this service resolves: it resolves US addresses only.`,
        'Address.Country',
      ),
    );
  const state = input.region === null ? undefined : stateOfRegion(input.region, facts.stateName);
  if (input.region !== null && state === undefined && problems.length === 0)
    problems.push(message('The region is not a US state.', `The region ${input.region} is not a US state code or name (50 states and DC).`, 'Address.Region'));
  if (input.postalCode === null)
    problems.push(
      message(
        'The address value was incomplete.',
        'This service resolves an address by its ZIP code: send postalCode (a street, city and region without one cannot be placed).',
        'Address.PostalCode',
      ),
    );
  if (problems.length > 0) return refused(problems);
  const resolution = facts.resolve(state, input.postalCode!);
  if (resolution.kind !== 'area') return refused([unplaced(resolution, input.postalCode!, state)]);
  const { area } = resolution;
  const plus4 = /^\d{5}-?(\d{4})$/.exec(input.postalCode!.trim())?.[1];
  const jurisdictions = facts.jurisdictions(area.state, area.zip);
  const point = facts.centroid(area.zip);
  const coordinates = point === undefined ? undefined : { latitude: point.latitude, longitude: point.longitude };
  return {
    address,
    validatedAddresses: [
      {
        addressType: 'UnknownAddressType',
        ...lines(input),
        city: input.city === null ? cased(area.cityName, input.textCase, true) : cased(input.city, input.textCase, false),
        region: area.state,
        country: 'US',
        postalCode: plus4 === undefined ? area.zip : `${area.zip}-${plus4}`,
        ...coordinates,
      },
    ],
    ...(coordinates === undefined ? { resolutionQuality: 'NotCoded' } : { coordinates, resolutionQuality: postalResolution(point!.accuracy) }),
    ...(jurisdictions === null
      ? {}
      : { taxAuthorities: jurisdictions.map((c) => ({ jurisdictionName: c.name, jurisdictionType: JURISDICTION_TYPES[c.type] })) }),
  };
}

/** The ZIP and state a tax-rate query names (byaddress: the region too; bypostalcode: the ZIP alone). */
export function rateAddressOf(input: Pick<AddressInput, 'region' | 'postalCode' | 'country'>, stateName: (code: string) => string) {
  if (!isUnitedStates(input.country))
    throw new DomainError('invalid_address', 'Tax rates are known for US addresses only.', [
      detail('invalid_address', 'query.country', `The country ${input.country} is not the United States.`),
    ]);
  if (input.postalCode === null) throw validationError([detail('missing', 'query.postalCode', 'Rates are looked up by ZIP code: send postalCode.')]);
  const state = input.region === null ? undefined : stateOfRegion(input.region, stateName);
  if (input.region !== null && state === undefined)
    throw new DomainError('invalid_address', 'The region is not a US state.', [
      detail('invalid_address', 'query.region', 'Must be a US state code or name (50 states and DC).'),
    ]);
  return { zip: input.postalCode, state };
}
