// POST /taxjar/v2/taxes: TaxJar's tax calculation, taxed by the engine of POST /api/v1/calculations.

import { taxjarTaxes } from '../../../application/taxjar/taxes';
import { taxjarTaxPorts } from '../../../composition-root';
import { declaredNexus } from '../../../core/taxjar/document';
import { taxjarTax } from '../../../core/taxjar/tax-view';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { simulation } from '../../../http/simulation';
import { inTaxjarDetails, taxjarOrderBody } from '../../../http/taxjar-body';
import { TAXJAR_TAXES } from '../../../manifest/routes/taxjar';
import { TaxjarTaxRequestSchema } from '../../../schemas/taxjar';

export const handler = postHandler(TAXJAR_TAXES, { body: taxjarOrderBody(TaxjarTaxRequestSchema) }, async (request) => {
  const { input, document } = request.body;
  const { taxed, place } = await inTaxjarDetails(input, () => taxjarTaxes(taxjarTaxPorts(), request, document, input.exemption_type, simulation(request)));
  return ok({
    tax: taxjarTax(taxed, {
      declaredNexus: declaredNexus(input.nexus_addresses),
      exemptionType: input.exemption_type ?? (input.customer_id ? 'non_exempt' : null),
      lineItems: (input.line_items?.length ?? 0) > 0,
      place,
    }),
  });
});
