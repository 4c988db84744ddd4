// GET /provider/return-jobs?status=: the engagement's return jobs, newest first.

import { listBatches } from '../../../application/batches';
import { returnJobPorts } from '../../../composition-root';
import { batchView } from '../../../core/batches/batch';
import { mapPage } from '../../../core/lists/paging';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { RETURN_JOBS_LIST } from '../../../manifest/routes/return-jobs';
import { ReturnJobListQuerySchema } from '../../../schemas/returns';

export const handler = httpHandler(RETURN_JOBS_LIST, { query: ReturnJobListQuerySchema }, async (request) => {
  const { limit, cursor, status } = request.query;
  return ok(mapPage(await listBatches(returnJobPorts(), request, { status }, { limit, cursor }, 'return_job'), (job) => batchView(job, [])));
});
