// Where things are in the project, for the stack, the local runner and the scripts.
import { join } from 'node:path';
import type { LogConsumerDef, QueueDef, StreamConsumerDef } from '../functions/manifest/resources';

export const PROJECT_ROOT = join(import.meta.dirname, '..');

/** esbuild bundles of the functions (scripts/bundle.ts), one directory per function id. */
export const BUILD_DIR = join(PROJECT_ROOT, '.build', 'functions');

export const bundleFile = (functionId: string): string => join(BUILD_DIR, functionId, 'index.mjs');

/** The module that exports a function's handler: its TypeScript entry, or the bundle of the function `bundleId`. */
export const handlerModule = (entry: string, bundleId?: string): string => (bundleId ? bundleFile(bundleId) : join(PROJECT_ROOT, entry));

/** `WebhookRelay` → `webhook-relay`: a function id from a manifest id. */
const kebab = (id: string): string => id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** A queue worker's function id (its bundle directory and the suffix of its Lambda name). */
export const workerId = (queue: Pick<QueueDef, 'id'>): string => `${queue.id.toLowerCase()}-worker`;
/** A stream consumer's function id (`webhook-relay`). */
export const streamConsumerId = (consumer: Pick<StreamConsumerDef, 'id'>): string => kebab(consumer.id);
/** A log consumer's function id (`usage-log-worker`). */
export const logConsumerId = (consumer: Pick<LogConsumerDef, 'id'>): string => kebab(consumer.id);
