// A New York resale certificate of a customer, recorded through /api/v1 as a user would: the set-up
// of the compatible APIs' tests, whose own routes read certificates but cannot record them.
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { api, unique, V1 } from './http';

const TODAY = new Date().toISOString().slice(0, 10);
/** The day `n` days from today (UTC), YYYY-MM-DD. */
export const days = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export interface CertificateOptions {
  /** Left pending (not reviewed); otherwise activated. */
  readonly pending?: boolean;
  /** Assigned to the customer once active, so that it exempts the customer's documents. */
  readonly assign?: boolean;
  readonly exemptionNumber?: string;
  /** The state it exempts sales into (default NY). */
  readonly jurisdiction?: string;
}

/** Records the certificate (valid from 30 days ago for a year) and returns its id. */
export async function newYorkResaleCertificate(key: string, customerCode: string, options: CertificateOptions = {}): Promise<string> {
  const created = await api('POST', `${V1}/certificates`, {
    key,
    body: {
      customer_code: customerCode,
      jurisdiction: options.jurisdiction ?? 'NY',
      exemption_reason: 'resale',
      ...(options.exemptionNumber ? { exemption_number: options.exemptionNumber } : {}),
      valid_from: days(-30),
      valid_to: days(365),
      signer: { name: 'Morgan Ellis' },
      signature_type: 'electronic',
      evidence_reference: `vault://certs/${unique('doc')}.pdf`,
      document_sha256: createHash('sha256').update(unique('doc')).digest('hex'),
    },
  });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  if (options.pending) return id;
  const activated = await api('POST', `${V1}/certificates/${id}/activate`, { key, body: { reviewer: { name: 'Priya Raman' } } });
  expect(activated.status, activated.text).toBe(200);
  if (options.assign) {
    const assigned = await api('POST', `${V1}/customers/${customerCode}/certificates`, { key, body: { certificate_id: id } });
    expect(assigned.status, assigned.text).toBe(200);
  }
  return id;
}
