// STX_DYNAMODB_JIT: a long-lived `npm start` keeps the JVM's full JIT; short test runs ask for C1.
import { describe, expect, it } from 'vitest';
import { dynamoJitFromEnv, LocalSetupError } from '../../../lib/local/engines';

describe('STX_DYNAMODB_JIT', () => {
  it('defaults to the full JIT when unset or empty', () => {
    expect(dynamoJitFromEnv(undefined)).toBe('full');
    expect(dynamoJitFromEnv('')).toBe('full');
    expect(dynamoJitFromEnv('full')).toBe('full');
  });

  it('accepts quick', () => {
    expect(dynamoJitFromEnv('quick')).toBe('quick');
  });

  it('refuses anything else, naming the accepted values', () => {
    expect(() => dynamoJitFromEnv('c1')).toThrow(LocalSetupError);
    expect(() => dynamoJitFromEnv('FULL')).toThrow(/"full" or "quick"/);
  });
});
