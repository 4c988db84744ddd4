// One Lambda function with the service's defaults: Node.js 22 on arm64, bundled by lib/bundling.ts,
// its own log group and its own role. The role gets log-writing rights on that log group only, in
// place of the AWSLambdaBasicExecutionRole managed policy (which allows any log group).
import type { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { nodejsBundling } from '../bundling';
import { PROJECT_ROOT } from '../paths';

export const FUNCTION_RUNTIME = Runtime.NODEJS_22_X;

export interface ServiceFunctionProps {
  readonly functionName: string;
  /** Handler module relative to the project root, exporting `handler`. */
  readonly entry: string;
  /** Copy the tax content artifact next to the bundle. */
  readonly content?: boolean;
  readonly environment?: Record<string, string>;
  readonly timeout: Duration;
  readonly memorySize?: number;
  readonly removalPolicy: RemovalPolicy;
}

export class ServiceFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${props.functionName}`,
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.removalPolicy,
    });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    this.logGroup.grantWrite(role);
    this.fn = new NodejsFunction(this, 'Function', {
      functionName: props.functionName,
      entry: join(PROJECT_ROOT, props.entry),
      handler: 'handler',
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout,
      environment: props.environment,
      role,
      logGroup: this.logGroup,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: join(PROJECT_ROOT, 'package-lock.json'),
      bundling: nodejsBundling({ content: props.content ?? false }),
    });
  }
}
