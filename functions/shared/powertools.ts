// Powertools instances shared by every handler of a bundle.
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';

export const logger = new Logger({
  serviceName: 'salestax',
  logLevel: (process.env.POWERTOOLS_LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});

/**
 * A logger for one invocation of a queue or stream worker, carrying that invocation's function name
 * and request id. A child rather than `logger.addContext`: where several functions share a process
 * (the local runner runs every handler in one), the shared logger holds whichever context an HTTP
 * request set last, and a worker's lines must name the worker.
 */
export function invocationLogger(context: Context | undefined): Logger {
  const child = logger.createChild();
  if (context) child.addContext(context);
  return child;
}
