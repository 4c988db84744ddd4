// POST /taxjar/v2/magento/taxes: the tax calculation TaxJar's Magento 2 extension calls for every
// quote, answered as POST /taxjar/v2/taxes.

import { taxjarTaxesHandler } from '../../../http/taxjar-taxes';
import { TAXJAR_MAGENTO_TAXES } from '../../../manifest/routes/taxjar';

export const handler = taxjarTaxesHandler(TAXJAR_MAGENTO_TAXES);
