// The handler of TaxJar's tax calculation, under each path TaxJar serves it: `POST /v2/taxes`, and
// `POST /v2/magento/taxes`, where TaxJar's Magento 2 extension sends every quote.
import { taxjarTaxes } from '../application/taxjar/taxes';
import { taxjarTaxPorts } from '../composition-root';
import { declaredNexus } from '../core/taxjar/document';
import { taxjarTax } from '../core/taxjar/tax-view';
import type { RouteDef } from '../manifest/route';
import { TaxjarTaxRequestSchema } from '../schemas/taxjar';
import type { HttpHandler } from './handler';
import { postHandler } from './post-handler';
import { ok } from './request';
import { simulation } from './simulation';
import { inTaxjarDetails, taxjarOrderBody } from './taxjar-body';

export function taxjarTaxesHandler<R extends RouteDef & { readonly method: 'POST'; readonly credential: 'tenant' }>(route: R): HttpHandler {
  return postHandler(route, { body: taxjarOrderBody(TaxjarTaxRequestSchema) }, async (request) => {
    const { input, document } = request.body;
    const { taxed, place } = await inTaxjarDetails(input, () => taxjarTaxes(taxjarTaxPorts(), request, document, input.exemption_type, simulation(request)));
    return ok({
      tax: taxjarTax(taxed, {
        declaredNexus: declaredNexus(input.nexus_addresses),
        // A customer's declared exemption that exempted the order answers as its type.
        exemptionType:
          input.exemption_type ??
          (taxed.lines.some((l) => l.reason === 'declared_exemption') ? taxed.declared_exemption?.type : null) ??
          (input.customer_id ? 'non_exempt' : null),
        lineItems: (input.line_items?.length ?? 0) > 0,
        place,
      }),
    });
  });
}
