// Massachusetts: the clothing exemption cited from the state's own law and publications.
import type { StateBuild } from './state-build';

export const massachusetts = (): StateBuild => ({
  state: 'MA',
  taxability: { citations: { clothing: 'Mass. G.L. c. 64H, s. 6(k): clothing exempt up to $175 an item (mass.gov, Sales and use tax on clothing)' } },
});
