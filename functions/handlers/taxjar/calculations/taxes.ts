// POST /taxjar/v2/taxes: TaxJar's tax calculation, taxed by the engine of POST /api/v1/calculations.

import { taxjarTaxesHandler } from '../../../http/taxjar-taxes';
import { TAXJAR_TAXES } from '../../../manifest/routes/taxjar';

export const handler = taxjarTaxesHandler(TAXJAR_TAXES);
