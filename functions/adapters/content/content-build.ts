// The build id of a content artifact: the first 16 hex digits of its bytes' SHA-256. The publisher
// names an artifact by it and a running function compares it with the one it holds, so the same
// bytes are never loaded twice and different bytes never share a name.
import { createHash } from 'node:crypto';

export const contentBuild = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
