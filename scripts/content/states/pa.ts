// Pennsylvania: the clothing exemption cited from the state's own law and publications.
import type { StateBuild } from './state-build';

export const pennsylvania = (): StateBuild => ({
  state: 'PA',
  taxability: { citations: { clothing: 'PA DOR, Retailers Information (REV-717): clothing is exempt (72 P.S. 7204(26))' } },
});
