// Powertools instances shared by every handler of a bundle.
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({
  serviceName: 'salestax',
  logLevel: (process.env.POWERTOOLS_LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});
