// One Lambda function with the service's defaults: Node.js 22 on arm64, bundled by lib/bundling.ts.
// It brings no role and no log group of its own: its role is its access profile's
// (lib/constructs/access-profiles.ts) and its logs go to the stage's function log group, so a
// function costs the stack one resource (docs/architecture.md, "The stack and its resource budget").

import { join } from 'node:path';
import type { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { nodejsBundling } from '../bundling';
import { PROJECT_ROOT } from '../paths';

export const FUNCTION_RUNTIME = Runtime.NODEJS_22_X;

/**
 * The one log group of a stage's functions (Lambda advanced logging controls). Lambda names each
 * stream `YYYY/MM/DD/<function name>[<version>]<environment id>` in a custom log group, and the
 * Powertools Logger adds `function_name` to every line, so each function's logs stay separable
 * (Logs Insights: `filter function_name = '…'` or `filter @logStream like '/salestax-dev-rates-get['`),
 * and one query follows a request from the authorizer through the route to its workers.
 */
export function functionLogGroup(scope: Construct, id: string, props: { namePrefix: string; removalPolicy: RemovalPolicy }): LogGroup {
  return new LogGroup(scope, id, {
    // Custom log group names must not begin with `aws/`; `/aws/lambda/` keeps it beside Lambda's own.
    logGroupName: `/aws/lambda/${props.namePrefix}`,
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: props.removalPolicy,
  });
}

export interface ServiceFunctionProps {
  readonly functionName: string;
  /** Handler module relative to the project root, exporting `handler`. */
  readonly entry: string;
  /** Copy the tax content artifact next to the bundle. */
  readonly content?: boolean;
  /** Project files copied next to the bundle. */
  readonly files?: readonly string[];
  readonly environment?: Record<string, string>;
  readonly timeout: Duration;
  readonly memorySize?: number;
  /** The role of the function's access profile, which may write to `logGroup`. */
  readonly role: IRole;
  readonly logGroup: LogGroup;
}

export class ServiceFunction extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    this.fn = new NodejsFunction(this, 'Function', {
      functionName: props.functionName,
      entry: join(PROJECT_ROOT, props.entry),
      handler: 'handler',
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout,
      environment: props.environment,
      role: props.role,
      logGroup: props.logGroup,
      // X-Ray: Powertools Tracer records the AWS SDK calls (functions/shared/tracer.ts).
      tracing: Tracing.ACTIVE,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: join(PROJECT_ROOT, 'package-lock.json'),
      bundling: nodejsBundling({ content: props.content ?? false, files: props.files }),
    });
  }
}
