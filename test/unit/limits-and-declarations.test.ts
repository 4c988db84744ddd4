import { describe, expect, it } from 'vitest';
import { effectiveLimits, windowAt } from '../../functions/core/limits/rate-limits';
import { declarationVerifies, issueDeclaration } from '../../functions/core/tax/states/il/declaration';
import { DEFAULT_RUNTIME_SETTINGS } from '../../lib/runtime-settings';

describe('rate windows', () => {
  it('align to the UTC minute and report whole seconds to the next one, at least 1', () => {
    const t = Date.parse('2026-11-22T10:15:42.300Z');
    expect(windowAt(t)).toEqual({ startMs: Date.parse('2026-11-22T10:15:00Z'), resetsInSeconds: 18 });
    expect(windowAt(Date.parse('2026-11-22T10:15:59.999Z')).resetsInSeconds).toBe(1);
    expect(windowAt(Date.parse('2026-11-22T10:15:00.000Z')).resetsInSeconds).toBe(60);
  });

  it('take environment defaults and account overrides', () => {
    expect(effectiveLimits(DEFAULT_RUNTIME_SETTINGS, 'sandbox', {})).toMatchObject({
      general: 60,
      batch_submissions: 10,
      estimates: 5,
      estimatesMaxConcurrency: 4,
    });
    expect(effectiveLimits(DEFAULT_RUNTIME_SETTINGS, 'production', {}).general).toBe(300);
    expect(effectiveLimits(DEFAULT_RUNTIME_SETTINGS, 'production', { general: 5000 }).general).toBe(5000);
  });
});

describe('Illinois seller declarations', () => {
  const tenant = { accountId: 'a1', environment: 'sandbox' as const };
  const now = new Date('2026-04-01T00:00:00Z');
  const token = issueDeclaration(tenant, 'remote', now, new Date('2026-05-01T00:00:00Z'), 'secret');

  it('verify for the same tenant, class and secret before expiry only', () => {
    expect(declarationVerifies(token, tenant, 'remote', now, 'secret')).toBe(true);
    expect(declarationVerifies(token, tenant, 'marketplace', now, 'secret')).toBe(false);
    expect(declarationVerifies(token, { ...tenant, accountId: 'a2' }, 'remote', now, 'secret')).toBe(false);
    expect(declarationVerifies(token, { ...tenant, environment: 'production' }, 'remote', now, 'secret')).toBe(false);
    expect(declarationVerifies(token, tenant, 'remote', now, 'other')).toBe(false);
    expect(declarationVerifies(token, tenant, 'remote', new Date('2026-05-01T00:00:00Z'), 'secret')).toBe(false);
    expect(declarationVerifies(`${token}x`, tenant, 'remote', now, 'secret')).toBe(false);
    expect(declarationVerifies('garbage', tenant, 'remote', now, 'secret')).toBe(false);
  });
});
