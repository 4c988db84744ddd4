// GET /taxjar/v2/categories: the product tax code catalog of GET /api/v1/tax-codes, as TaxJar categories.

import { content } from '../../../composition-root';
import { taxjarCategories } from '../../../core/taxjar/content';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_CATEGORIES } from '../../../manifest/routes/taxjar';

export const handler = httpHandler(TAXJAR_CATEGORIES, {}, async () => ok({ categories: taxjarCategories(content().allTaxCodes()) }));
