// Stateless calculations and estimates: tax a document, store nothing.
import { calculate } from '../core/tax/engine';
import type { DocumentInput } from '../core/tax/input';
import type { DocumentTax } from '../core/tax/types';
import type { TenantCall } from './call';
import { type CalculationOptions, type EngineContextPorts, engineContext } from './engine-context';

export interface EstimateInput {
  readonly ship_to: DocumentInput['ship_to'];
  readonly amount: number;
  readonly tax_code?: string | null | undefined;
  readonly date?: string | null | undefined;
}

/** Taxes a document; safe to retry. */
export async function calculateDocument(
  ports: EngineContextPorts,
  call: TenantCall,
  doc: DocumentInput,
  options: CalculationOptions = {},
): Promise<DocumentTax> {
  return calculate(doc, await engineContext(ports, call, doc, options));
}

/**
 * The destination tax of one amount (experimental), as if the seller had nexus everywhere and sold
 * remotely (Illinois: destination sourcing).
 */
export async function estimateTax(ports: EngineContextPorts, call: TenantCall, input: EstimateInput, options: CalculationOptions = {}): Promise<DocumentTax> {
  const doc: DocumentInput = {
    date: input.date,
    ship_to: input.ship_to,
    nexus_mode: 'reference',
    seller_class: 'remote',
    lines: [{ amount: input.amount, tax_code: input.tax_code }],
  };
  return calculate(doc, await engineContext(ports, call, doc, options));
}
