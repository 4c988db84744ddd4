// GET /reports/collection: per state and month, the computed tax against the tax the seller
// reported collecting, from the return summaries (docs/transactions-and-certificates.md).

import { collectionReport } from '../../../application/returns';
import { returnPorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { REPORTS_COLLECTION } from '../../../manifest/routes/reports';
import { CollectionReportQuerySchema } from '../../../schemas/returns';

export const handler = httpHandler(REPORTS_COLLECTION, { query: CollectionReportQuerySchema }, async (request) =>
  ok({ object: 'collection_report', ...(await collectionReport(returnPorts(), request, request.query)) }),
);
