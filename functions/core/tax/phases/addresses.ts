// Phase 1 (invalid_address): every address of the document resolves to a US state and ZIP, or the
// document is refused naming each one that does not.
import type { Resolution, TaxContent } from '../../content/tax-content';
import type { AddressInput, DocumentInput } from '../input';
import { detail, refusal } from '../refusals';
import { lineShipToTarget } from '../targets';
import type { Precision } from '../types';

/** An address resolved against the content, and where errors about it point. */
type Attempt = Resolution & {
  /** `ship_to`, `lines.<i>.ship_to` or `ship_from`. */
  readonly target: string;
};

/** An address that resolved: to a rate area, or to a well-formed state and ZIP without a rate row. */
export type Destination = Exclude<Attempt, { readonly kind: 'invalid' }>;
/** A destination with a rate row. */
export type RatedDestination = Extract<Destination, { readonly kind: 'area' }>;

export interface Addresses {
  /** Where each line ships to, by position: its own ship_to, or the document's (the same object for all such lines). */
  readonly dests: readonly Destination[];
  readonly shipFrom: Destination | null;
}

const resolved = (a: Attempt): a is Destination => a.kind !== 'invalid';

function attempt(content: TaxContent, address: AddressInput, target: string): Attempt {
  return address.country != null && !/^(US|USA)$/i.test(address.country.trim())
    ? { kind: 'invalid', reason: 'Only US addresses are supported.', target }
    : at(
        // Coordinates count only as a pair; inside a loaded official boundary they decide the rate area.
        address.latitude != null && address.longitude != null
          ? content.resolve(address.state, address.zip, { latitude: address.latitude, longitude: address.longitude })
          : content.resolve(address.state, address.zip),
        target,
      );
}

export function resolveAddresses(doc: DocumentInput, content: TaxContent): Addresses {
  const shipTo = attempt(content, doc.ship_to, 'ship_to');
  const dests = new Array<Attempt>(doc.lines.length);
  let allPlaced = resolved(shipTo);
  for (let index = 0; index < doc.lines.length; index++) {
    const shipToOfLine = doc.lines[index]!.ship_to;
    const dest = shipToOfLine ? attempt(content, shipToOfLine, lineShipToTarget(index)) : shipTo;
    if (dest.kind === 'invalid') allPlaced = false;
    dests[index] = dest;
  }
  const shipFrom = doc.ship_from ? attempt(content, doc.ship_from, 'ship_from') : null;
  if (allPlaced && (shipFrom === null || resolved(shipFrom))) return { dests: dests as Destination[], shipFrom };

  const attempts = [shipTo, ...dests.filter((d) => d !== shipTo), ...(shipFrom ? [shipFrom] : [])];
  const invalid = attempts.flatMap((a) => (a.kind === 'invalid' ? [detail('invalid_address', `${a.target}.zip`, a.reason)] : []));
  throw refusal('invalid_address', invalid, 'Some addresses do not resolve to a US state and 5-digit ZIP; see details.');
}

// Built field by field: V8 copies `{ ...resolution, target }` far more slowly.
function at(r: Resolution, target: string): Attempt {
  switch (r.kind) {
    case 'area':
      return { kind: r.kind, area: r.area, precision: r.precision, address: r.address, target };
    case 'unrated':
      return { kind: r.kind, state: r.state, zip: r.zip, target };
    case 'invalid':
      return { kind: r.kind, reason: r.reason, target };
  }
}

export function stateOf(dest: Destination): string {
  return dest.kind === 'area' ? dest.area.state : dest.state;
}

export function precisionOf(dest: Destination): Precision {
  return dest.kind === 'area' ? dest.precision : 'zip5';
}

/** The distinct destinations of the lines, in order of first use. */
export function destinationsOf(lines: readonly { readonly dest: Destination }[]): Destination[] {
  return [...new Set(lines.map((p) => p.dest))];
}
