// POST /provider/return-jobs: a provider key with client context asks, per item, what the client
// collected in a state during a month; 202 with the job to poll.

import { submitReturnJob } from '../../../application/returns';
import { returnJobPorts } from '../../../composition-root';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { submissionOf } from '../../../http/submission';
import { BASE_PATH } from '../../../manifest/route';
import { RETURN_JOBS_CREATE } from '../../../manifest/routes/return-jobs';
import { ReturnJobRequestSchema } from '../../../schemas/returns';

export const handler = postHandler(RETURN_JOBS_CREATE, { body: ReturnJobRequestSchema }, async (request) => {
  const job = await submitReturnJob(returnJobPorts(), request, request.body.items, { submission: submissionOf(request) });
  const body = { object: 'return_job', id: job.id, status: job.status, item_count: job.item_count, created_at: job.created_at };
  return ok(body, 202, { Location: `${BASE_PATH}/provider/return-jobs/${encodeURIComponent(job.id)}` });
});
