import { describe, expect, it } from 'vitest';
import { LeaseBook, leaseSize } from '../../functions/core/limits/token-lease';

describe('token leases', () => {
  it('are single tokens below 1,000/min and at most 50', () => {
    expect([60, 300, 999, 1000, 5000, 100_000, 10_000_000].map(leaseSize)).toEqual([1, 1, 1, 1, 5, 50, 50]);
  });

  it('are spent within their window only', () => {
    const book = new LeaseBook();
    book.grant('k', 60_000, 3, 3);
    expect(book.take('k', 60_000)?.counted).toBe(3);
    expect(book.take('k', 60_000)).not.toBeNull();
    expect(book.take('k', 60_000)).toBeNull();
    book.grant('k', 60_000, 2, 5);
    expect(book.take('k', 120_000)).toBeNull();
  });
});
