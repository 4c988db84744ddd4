// Sandbox fault simulation (docs/getting-started.md, "Sandbox fault simulation"): a sandbox caller
// may ask for an Illinois or internal failure on calculation and transaction calls, to see it
// exactly as production would send it. Production callers never simulate.
import type { Environment } from './access/records';
import type { SimulatedFault } from './tax/types';

const SIMULATIONS: readonly SimulatedFault[] = ['il_rate_index_not_ready', 'il_rate_lookup_failed', 'internal_error'];

export function simulatedFault(environment: Environment, asked: string | undefined): SimulatedFault | null {
  const fault = asked?.trim();
  if (environment !== 'sandbox' || !fault) return null;
  return SIMULATIONS.find((s) => s === fault) ?? null;
}

/** Raised when a sandbox request asks for `internal_error`: it must look like any unexpected failure. */
export class SimulatedInternalError extends Error {
  override readonly name = 'SimulatedInternalError';
}
