// The environment every function receives, built in one place for the stack and the local runner.
import { QUEUES, TABLES } from '../functions/manifest/resources';
import { type RuntimeSettings, runtimeSettingsEnvironment } from './runtime-settings';

export interface EnvironmentInputs {
  /** Table name by table id (tokens in the stack, plain names locally). */
  readonly tableNames: Readonly<Record<string, string>>;
  /**
   * Queue URL by queue id (tokens in the stack, emulator URLs locally). A queue left out cannot be
   * sent to (config().queueUrl says so on first use): in-process benchmarks run without SQS.
   */
  readonly queueUrls: Readonly<Record<string, string>>;
  readonly settings: RuntimeSettings;
  readonly stage: string;
}

export function functionEnvironment(inputs: EnvironmentInputs): Record<string, string> {
  const env: Record<string, string> = {
    ...runtimeSettingsEnvironment(inputs.settings),
    STX_STAGE: inputs.stage,
    POWERTOOLS_SERVICE_NAME: 'salestax',
    // Traces never carry a response body (taxpayer data); errors are recorded.
    POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
  };
  for (const table of TABLES) {
    const name = inputs.tableNames[table.id];
    if (!name) throw new Error(`no name for table ${table.id}`);
    env[table.envVar] = name;
  }
  for (const queue of QUEUES) {
    const url = inputs.queueUrls[queue.id];
    if (url) env[queue.envVar] = url;
  }
  return env;
}
