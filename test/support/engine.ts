// Builds engine inputs for unit tests: real content, a tenant with default settings.
import * as v from 'valibot';
import { taxContent } from '../../functions/adapters/content/content-file';
import type { Location, TenantSettings } from '../../functions/core/account/settings';
import { calculate } from '../../functions/core/tax/engine';
import type { CertificateGrant, DocumentTax, EngineContext } from '../../functions/core/tax/types';
import { CalculationRequestSchema } from '../../functions/schemas/document';

export const content = taxContent();

/**
 * Tax codes of the product classes that dated rules name by code prefix (soft drinks, supplements,
 * business and personal SaaS, data processing, IT services, alcoholic beverages), each sharing a
 * category with codes ruled otherwise.
 */
export const PRODUCT_CLASS_CODES = [
  '40050',
  '40020',
  '50202304A0001',
  '81162000A9000',
  '81162000A0000',
  '81112001A0000',
  '81111504A0000',
  '40060',
  '50202201A0000',
  '50202203A0000',
  '50202206A0000',
] as const;

export function context(overrides: Omit<Partial<EngineContext>, 'settings'> & { settings?: Partial<TenantSettings> } = {}): EngineContext {
  const { settings, ...rest } = overrides;
  return {
    content,
    today: '2026-04-15',
    now: new Date('2026-04-15T12:00:00Z'),
    tenant: { accountId: 'acct_unit', environment: 'sandbox' },
    settings: {
      nexus: 'all',
      registrations: [],
      illinois: { derive_seller_posture: false, in_state_selling_enabled: false },
      declarationSecret: 'unit-secret',
      updatedAt: '',
      ...settings,
    },
    locations: [] as Location[],
    actingLocation: null,
    items: new Map(),
    certificates: new Map<string, CertificateGrant>(),
    simulate: null,
    ...rest,
  };
}

/** Validates the body with the request schema (as the handler does) and runs the engine. */
export function run(body: unknown, ctx: EngineContext = context()): DocumentTax {
  return calculate(v.parse(CalculationRequestSchema, body), ctx);
}

/** Runs and returns the thrown domain error (or fails when nothing is thrown). */
export function failure(body: unknown, ctx: EngineContext = context()): { code: string; details?: readonly { code: string; target: string }[] } {
  try {
    run(body, ctx);
  } catch (error) {
    return error as { code: string };
  }
  throw new Error('expected the engine to refuse the document');
}
