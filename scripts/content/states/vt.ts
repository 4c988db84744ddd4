// Vermont: the clothing exemption cited from the state's own law and publications.
import type { StateBuild } from './state-build';

export const vermont = (): StateBuild => ({
  state: 'VT',
  taxability: { citations: { clothing: '32 V.S.A. 9741(45): clothing and footwear exempt (Vermont Department of Taxes)' } },
});
