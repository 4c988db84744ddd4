// New Jersey: the clothing exemption cited from the state's own law and publications.
import type { StateBuild } from './state-build';

export const newJersey = (): StateBuild => ({
  state: 'NJ',
  taxability: { citations: { clothing: 'N.J.S.A. 54:32B-8.4: clothing and footwear exempt (NJ Division of Taxation)' } },
});
