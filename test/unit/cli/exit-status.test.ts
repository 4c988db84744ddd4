// The loader's exit status: what a cron job sees of a night's load.
import { describe, expect, it } from 'vitest';
import { EXIT, exitStatus } from '../../../cli/src/exit-status';

describe('exit status', () => {
  it('is non-zero for every document not delivered as a succeeded one, rejected rows with a status of their own', () => {
    expect(exitStatus({ failed: 0, rejected: 0 }, false)).toBe(EXIT.ok);
    expect(exitStatus({ failed: 2, rejected: 0 }, false)).toBe(EXIT.failed);
    expect(exitStatus({ failed: 0, rejected: 1 }, false)).toBe(EXIT.rejected);
    expect(exitStatus({ failed: 2, rejected: 1 }, false)).toBe(EXIT.rejected);
    // --allow-rejected: rows the export dropped are listed, not counted.
    expect(exitStatus({ failed: 0, rejected: 1 }, true)).toBe(EXIT.ok);
    expect(exitStatus({ failed: 2, rejected: 1 }, true)).toBe(EXIT.failed);
    expect(new Set(Object.values(EXIT)).size).toBe(4);
  });
});
