// The net under the handlers that answer a secret once: whatever an idempotency record keeps has
// every API key and webhook signing secret withheld (functions/http/steps/idempotency.ts).
import { describe, expect, it } from 'vitest';
import { displayPrefix, generateApiKey } from '../../../functions/application/api-key-secret';
import { newSecret } from '../../../functions/core/webhooks/signing';
import { storedForm } from '../../../functions/http/steps/idempotency';

describe('replay records', () => {
  it('withhold every secret this service issues, wherever it sits in the reply', () => {
    for (let i = 0; i < 200; i++) {
      const key = generateApiKey(i % 2 ? 'sandbox' : 'production');
      const secret = newSecret();
      const kept = storedForm({ statusCode: 201, body: { key, nested: [{ secret }], prefix: displayPrefix(key) }, headers: { Location: '/x' } });
      expect(kept).toEqual({ statusCode: 201, body: { key: null, nested: [{ secret: null }], prefix: displayPrefix(key) }, headers: { Location: '/x' } });
    }
  });

  it('keep everything else as JSON renders it', () => {
    const reply = { statusCode: 200, body: { code: 'stx_test_note', url: 'https://h.example/whsec_', n: 1, none: undefined } };
    expect(storedForm(reply)).toEqual({ statusCode: 200, body: { code: 'stx_test_note', url: 'https://h.example/whsec_', n: 1 } });
  });
});
