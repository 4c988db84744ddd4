// The state modules by state code: adding a state's code-level rules is its module and one line here.
import type { SimulatedFault } from '../types';
import { california } from './ca';
import { illinois } from './il';
import { kentucky } from './ky';
import type { StateModule } from './state-module';

const MODULES: readonly StateModule[] = [california, illinois, kentucky];

/**
 * The modules by the two letters of their code (26 × 26 slots): asked once per run of lines to one
 * state, where a map's lookup would cost a document of several states a few per cent.
 */
const BY_LETTERS = new Array<StateModule | undefined>(26 * 26).fill(undefined);
for (const m of MODULES) BY_LETTERS[(m.state.charCodeAt(0) - 65) * 26 + (m.state.charCodeAt(1) - 65)] = m;
const SIMULATING = MODULES.filter((m) => m.simulateFault !== undefined);

/** The module of a state's code-level rules (undefined: the state's rules are all data of the content). */
export function stateModule(state: string): StateModule | undefined {
  const first = state.charCodeAt(0) - 65;
  const second = state.charCodeAt(1) - 65;
  return state.length === 2 && first >>> 0 < 26 && second >>> 0 < 26 ? BY_LETTERS[first * 26 + second] : undefined;
}

/** A sandbox request's simulated fault, raised by the modules whose services it simulates. */
export function simulateFault(fault: SimulatedFault): void {
  for (const m of SIMULATING) m.simulateFault!(fault);
}

export type { StateModule } from './state-module';
