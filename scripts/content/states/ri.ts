// Rhode Island: the clothing exemption cited from the state's own law and publications.
import type { StateBuild } from './state-build';

export const rhodeIsland = (): StateBuild => ({
  state: 'RI',
  taxability: { citations: { clothing: 'R.I. Gen. Laws 44-18-30: clothing and footwear exempt up to $250 an item (RI Division of Taxation, tax.ri.gov)' } },
});
