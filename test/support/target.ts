// Where the integration suite runs: the local runner (default) or a deployed stage (STX_BASE_URL).
import { describe, it } from 'vitest';

export const REMOTE = Boolean(process.env.STX_BASE_URL);

/** Tests that read DynamoDB Local or drive handlers in this process: the local runner only. */
export const describeLocal = describe.skipIf(REMOTE);
export const itLocal = it.skipIf(REMOTE);
