import { describe, expect, it } from 'vitest';
import type { Principal } from '../../functions/core/access/authorize';
import { activate, assign, type Certificate, grantFor } from '../../functions/core/certificates/certificate';
import { codeOf } from '../support/errors';

const principal = (kind: 'account' | 'provider'): Principal =>
  ({ key: { id: 'key_1', kind, prefix: 'stx_test_abcd' }, practice: kind === 'provider' ? { id: 'prac' } : null, engagement: null }) as unknown as Principal;
const cert = (over: Partial<Certificate> = {}): Certificate => ({
  id: 'cert_1',
  customer_code: 'C1',
  location_code: null,
  jurisdiction: 'NY',
  exemption_reason: 'resale',
  exemption_number: null,
  valid_from: '2026-01-01',
  valid_to: '2026-12-31',
  signer: { name: 'S' },
  signature_type: 'wet',
  evidence_reference: 'vault://x',
  document_sha256: 'a'.repeat(64),
  status: 'pending',
  reviewer: null,
  review_authority: null,
  activated_at: null,
  assigned_at: null,
  created_at: '2026-01-01T00:00:00Z',
  audit: [],
  ...over,
});
const R = { reviewer: { name: 'Rev' } };

describe('activation', () => {
  it('checks evidence, then review authority, then the window', () => {
    expect(codeOf(() => activate(cert({ signer: null }), { review_authority: 'provider' }, principal('account'), '2030-01-01', 'at'))).toBe(
      'certificate_evidence_incomplete',
    );
    expect(codeOf(() => activate(cert(), { ...R, review_authority: 'provider' }, principal('account'), '2030-01-01', 'at'))).toBe(
      'certificate_review_authority_not_permitted',
    );
    expect(codeOf(() => activate(cert(), R, principal('account'), '2030-01-01', 'at'))).toBe('certificate_not_effective');
    expect(codeOf(() => activate(cert(), R, principal('account'), '2025-12-31', 'at'))).toBe('certificate_not_effective');
    const active = activate(cert(), { ...R, review_authority: 'provider' }, principal('provider'), '2026-12-31', 'at');
    expect(active).toMatchObject({ status: 'active', review_authority: 'provider', activated_at: 'at' });
    expect(active.audit.at(-1)).toMatchObject({ action: 'activated', key_id: 'key_1', practice_id: 'prac' });
  });
});

describe('assignment and use', () => {
  const active = cert({ status: 'active', activated_at: 'at' });
  it('assigns to the owner only, when active and effective', () => {
    expect(codeOf(() => assign(active, 'C2', principal('account'), '2026-06-01', 'at'))).toBe('certificate_customer_mismatch');
    expect(codeOf(() => assign(cert(), 'C1', principal('account'), '2026-06-01', 'at'))).toBe('certificate_not_active');
    expect(codeOf(() => assign(active, 'C1', principal('account'), '2027-01-01', 'at'))).toBe('certificate_not_active');
    expect(assign(active, 'C1', principal('account'), '2026-06-01', 'at').assigned_at).toBe('at');
  });

  it('grants an exemption only to its customer, assigned, on a date inside the window', () => {
    const assigned = { ...active, assigned_at: 'at' };
    expect(grantFor(assigned, 'C1', '2026-06-01')).toEqual({ id: 'cert_1', jurisdiction: 'NY', exemption_reason: 'resale', document_sha256: 'a'.repeat(64) });
    expect(grantFor(assigned, 'C2', '2026-06-01')).toBeNull();
    expect(grantFor(assigned, null, '2026-06-01')).toBeNull();
    expect(grantFor(assigned, 'C1', '2027-01-01')).toBeNull();
    expect(grantFor(active, 'C1', '2026-06-01')).toBeNull();
  });
});
