// An exempt customer: record the buyer, its resale certificate with the evidence an auditor needs,
// activate it (a named reviewer), assign it, then sell to the customer under it.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { connect, type ExampleTarget, fresh, must, targetFromEnv } from './connect';

export async function exemptCustomer(target: ExampleTarget) {
  const api = connect(target);
  const today = new Date().toISOString().slice(0, 10);
  const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  const customer_code = fresh('RESELLER');

  must(await api.POST('/api/v1/customers', { body: { customer_code, name: 'Corner Hardware LLC' } }));
  const pending = must(
    await api.POST('/api/v1/certificates', {
      body: {
        customer_code,
        jurisdiction: 'NY',
        exemption_reason: 'resale',
        exemption_number: 'NY-ST-120-0042',
        valid_from: today,
        valid_to: nextYear,
        signer: { name: 'Dana Whitfield', title: 'Owner' },
        signature_type: 'electronic',
        evidence_reference: `vault://certificates/${customer_code}.pdf`,
        document_sha256: createHash('sha256').update(`certificate of ${customer_code}`).digest('hex'),
      },
    }),
  );
  const active = must(
    await api.POST('/api/v1/certificates/{id}/activate', {
      params: { path: { id: pending.id } },
      body: { reviewer: { name: 'Sam Ortiz', title: 'Tax analyst' } },
    }),
  );
  must(await api.POST('/api/v1/customers/{code}/certificates', { params: { path: { code: customer_code } }, body: { certificate_id: active.id } }));

  const sale = must(
    await api.POST('/api/v1/calculations', {
      body: {
        customer_code,
        exemption_certificate_id: active.id,
        ship_to: { state: 'NY', zip: '10001' },
        lines: [{ description: 'Hammers for resale', amount: 1200 }],
      },
    }),
  );
  return { certificate: active, sale };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { certificate, sale } = await exemptCustomer(targetFromEnv());
  console.log(`certificate ${certificate.id}: ${certificate.status}, effective ${certificate.effective}`);
  console.log(`sale under it: tax ${sale.total_tax}, exempt ${sale.total_exempt}, reason ${sale.lines[0]?.reason}`);
}
