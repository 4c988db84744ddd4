// Money arithmetic on integers only: amounts in cents, rates in millionths (micro). Products that
// could exceed 2^53 switch to BigInt, so every result is exact at any amount the API accepts.

export const MICRO = 1_000_000;
const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * A JSON amount as integer cents, half-up. Amounts with at most two decimals convert exactly; more
 * decimals are rounded on their decimal digits (10.005 → 1001), never on the binary float.
 */
export function toCents(amount: number): number {
  const scaled = amount * 100;
  const rounded = Math.round(scaled);
  if (Math.abs(scaled - rounded) < 1e-7 && Math.abs(rounded) < SAFE) return rounded === 0 ? 0 : rounded;
  return decimalToCents(amount);
}

/** Whether the amount as written has more than two decimals (converting it to cents rounds). */
export function hasSubCentDigits(amount: number): boolean {
  // Fast path, without formatting: an amount equal to the double nearest some n/100 has a
  // two-decimal form that reads back to it, so its shortest form has at most two decimals.
  const cents = Math.round(amount * 100);
  if (Math.abs(cents) < SAFE && cents / 100 === amount) return false;
  const text = String(Math.abs(amount));
  if (text.includes('e')) return !Number.isInteger(amount * 100);
  const dot = text.indexOf('.');
  return dot >= 0 && text.length - dot - 1 > 2;
}

function decimalToCents(amount: number): number {
  const negative = amount < 0;
  // The shortest decimal that round-trips is what the client wrote in its JSON (1.005, not 1.00499…).
  const shortest = String(Math.abs(amount));
  const text = shortest.includes('e') ? Math.abs(amount).toFixed(20) : shortest;
  const [whole = '0', frac = ''] = text.split('.');
  const cents = BigInt(whole) * 100n + BigInt(`${frac}00`.slice(0, 2)) + (Number(frac[2] ?? '0') >= 5 ? 1n : 0n);
  const value = Number(cents);
  return negative ? -value : value;
}

/** Cents as a JSON amount (two decimals at most; never -0). */
export const fromCents = (cents: number): number => (cents === 0 ? 0 : cents / 100);

/** Micro rate as a JSON rate fraction. */
export const fromMicro = (micro: number): number => micro / MICRO;

/** round_half_up(a × b / d) for non-negative integers. */
export function mulDivHalfUp(a: number, b: number, d: number): number {
  if (b === 0 || a === 0) return 0;
  if (a <= SAFE / b) {
    const p = a * b;
    const q = Math.floor(p / d);
    const r = p - q * d;
    return 2 * r >= d ? q + 1 : q;
  }
  const p = BigInt(a) * BigInt(b);
  const bd = BigInt(d);
  return Number((2n * p + bd) / (2n * bd));
}

/**
 * Splits `total` cents over shares whose exact values are `multiplier × weights[i] / denominator`
 * cents: each share rounded half-up, then the cents that rounding gained or lost moved one at a
 * time to the share with the largest remainder, so the shares always add up to `total` (a line's
 * tax is the sum of its jurisdictions' taxes). All arguments are non-negative integers. The shares go to the first `weights.length` slots
 * of `shares` (a new array by default; the engine passes a scratch one, allocating nothing a line).
 */
export function allocate(
  multiplier: number,
  weights: readonly number[],
  denominator: number,
  total: number,
  shares: number[] = new Array<number>(weights.length),
): number[] {
  const n = weights.length;
  if (n === 0) return shares;
  if (n === 1) {
    shares[0] = total;
    return shares;
  }
  let maxWeight = 0;
  for (let i = 0; i < n; i++) if (weights[i]! > maxWeight) maxWeight = weights[i]!;
  if (maxWeight > 0 && multiplier > SAFE / maxWeight) return allocateBig(multiplier, weights, denominator, total, shares);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const num = multiplier * weights[i]!;
    const q = Math.floor(num / denominator);
    const share = 2 * (num - q * denominator) >= denominator ? q + 1 : q;
    shares[i] = share;
    sum += share;
  }
  if (sum === total) return shares;
  // Rounding each share gained or lost cents (the rarer case): their exact remainders decide where they go.
  const remainders = new Array<number>(n);
  for (let i = 0; i < n; i++) remainders[i] = multiplier * weights[i]! - shares[i]! * denominator;
  settle(shares, remainders, denominator, total - sum);
  return shares;
}

function allocateBig(multiplier: number, weights: readonly number[], denominator: number, total: number, shares: number[]): number[] {
  const d = BigInt(denominator);
  const remainders: number[] = [];
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    const num = BigInt(multiplier) * BigInt(weights[i]!);
    let q = num / d;
    let r = num - q * d;
    if (2n * r >= d) {
      q++;
      r -= d;
    }
    shares[i] = Number(q);
    // Remainders only decide an order; their scale relative to one cent is kept by `denominator`.
    remainders.push(Number(r));
    sum += Number(q);
  }
  settle(shares, remainders, denominator, total - sum);
  return shares;
}

/** Moves `diff` cents one at a time between the first `remainders.length` shares, by remainder. */
function settle(shares: number[], remainders: number[], denominator: number, diff: number): void {
  while (diff !== 0) {
    let pick = 0;
    for (let i = 1; i < remainders.length; i++) {
      if (diff > 0 ? remainders[i]! > remainders[pick]! : remainders[i]! < remainders[pick]!) pick = i;
    }
    const step = diff > 0 ? 1 : -1;
    shares[pick]! += step;
    remainders[pick]! -= step * denominator;
    diff -= step;
  }
}

/** Splits `total` cents in proportion to integer weights (refunds and credits follow the original). */
export function allocateByWeights(weights: readonly number[], total: number): number[] {
  const sumWeights = weights.reduce((a, b) => a + b, 0);
  if (sumWeights === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const magnitude = Math.abs(total);
  const shares = allocate(magnitude, weights, sumWeights, magnitude);
  return total < 0 ? shares.map((s) => (s === 0 ? 0 : -s)) : shares;
}
