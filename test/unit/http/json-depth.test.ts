// The body's nesting bound is counted on the text, before anything walks a parsed body recursively.
import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH, parseJsonBody } from '../../../functions/http/validation';

describe('jsonDepth', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[[["}')).toBe(1);
    expect(jsonDepth('[[],[],[[]]]')).toBe(3);
  });

  it('refuses deeper bodies as json_invalid without parsing them, and accepts the bound itself', () => {
    const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(() => parseJsonBody(nested(MAX_JSON_DEPTH))).not.toThrow();
    for (const n of [MAX_JSON_DEPTH + 1, 100_000]) {
      try {
        parseJsonBody(nested(n));
        expect.unreachable();
      } catch (error) {
        expect((error as { details?: { code: string; target: string }[] }).details?.[0]).toMatchObject({ code: 'json_invalid', target: 'body' });
      }
    }
  });
});
