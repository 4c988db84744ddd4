// GET /taxjar/v2/summary_rates: per state, the lowest state rate and the mean combined rate of the
// content's ZIP table (TaxJar's minimum and average rates), for every US state and DC.

import { content } from '../../../composition-root';
import { taxjarSummaryRate } from '../../../core/taxjar/content';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_SUMMARY_RATES } from '../../../manifest/routes/taxjar';

export const handler = httpHandler(TAXJAR_SUMMARY_RATES, {}, async () => ok({ summary_rates: content().stateSummaries().map(taxjarSummaryRate) }));
