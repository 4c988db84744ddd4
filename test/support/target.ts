// Where the integration suite runs: the local runner (default) or a deployed stage (STX_BASE_URL).
import { describe, it } from 'vitest';

export const REMOTE = Boolean(process.env.STX_BASE_URL);

/** Tests that read DynamoDB Local or drive handlers in this process: the local runner only. */
export const describeLocal = describe.skipIf(REMOTE);
export const itLocal = it.skipIf(REMOTE);

/**
 * A webhook target for endpoints that must exist but never receive anything (they subscribe to an
 * event their account never has): a sandbox loopback URL on the local runner, a public name on a
 * deployed stage (where loopback targets are refused).
 */
export const idleReceiver = (tag: string): string => (REMOTE ? `https://example.com/${tag}` : `http://127.0.0.1:9/${tag}`);
