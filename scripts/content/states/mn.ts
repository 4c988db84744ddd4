// Minnesota: the clothing exemption cited from the state's own law and publications.
import type { StateBuild } from './state-build';

export const minnesota = (): StateBuild => ({
  state: 'MN',
  taxability: { citations: { clothing: 'Minn. Stat. 297A.67 subd. 8: clothing exempt (Minnesota DOR, Clothing fact sheet, revenue.state.mn.us)' } },
});
