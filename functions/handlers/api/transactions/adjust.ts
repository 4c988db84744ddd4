// POST /transactions/adjustments: marks the original adjusted and writes its reversal and the
// replacement in one atomic write. Distinct codes are checked before anything else.

import { adjustTransaction } from '../../../application/transactions';
import { transactionPorts } from '../../../composition-root';
import { transactionView } from '../../../core/transactions/view';
import { AdjustmentBody } from '../../../http/adjustment-body';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { simulation } from '../../../http/simulation';
import { TRANSACTIONS_ADJUST } from '../../../manifest/routes/transactions';

export const handler = postHandler(TRANSACTIONS_ADJUST, { body: AdjustmentBody }, async (request) => {
  const { result } = await adjustTransaction(transactionPorts(), request, request.body, simulation(request));
  return created({ original: transactionView(result.original), reversal: transactionView(result.reversal), replacement: transactionView(result.replacement) });
});
