// Where things are in the project, for the stack, the local runner and the scripts.
import { join } from 'node:path';
import type { LogConsumerDef, QueueDef, StreamConsumerDef } from './resources';

export const PROJECT_ROOT = join(import.meta.dirname, '..');

/** esbuild bundles of the functions (scripts/bundle.ts), one directory per function id. */
export const BUILD_DIR = join(PROJECT_ROOT, '.build', 'functions');

export const bundleFile = (functionId: string): string => join(BUILD_DIR, functionId, 'index.mjs');

/** The function id of a route entry (`functions/<id>/handler.ts`); it equals the route id. */
export const functionIdOf = (entry: string): string => entry.split('/').slice(-2, -1)[0]!;

/** The module that exports a route's handler: its TypeScript entry, or its bundle. */
export const handlerModule = (entry: string, bundles: boolean): string => (bundles ? bundleFile(functionIdOf(entry)) : join(PROJECT_ROOT, entry));

/** A queue worker's function id (its bundle directory and the suffix of its Lambda name). */
export const workerId = (queue: Pick<QueueDef, 'id'>): string => `${queue.id.toLowerCase()}-worker`;
/** A stream consumer's function id: its handler's directory (e.g. `webhook-relay`). */
export const streamConsumerId = (consumer: Pick<StreamConsumerDef, 'handler'>): string => functionIdOf(consumer.handler);
/** A log consumer's function id: its handler's directory (e.g. `usage-log-worker`). */
export const logConsumerId = (consumer: Pick<LogConsumerDef, 'handler'>): string => functionIdOf(consumer.handler);
