// The whole service for one stage, composed from lib/routes.ts and lib/resources.ts.
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { AUTHORIZER_ENTRY } from './bundling';
import { Api } from './constructs/api';
import { DEFAULT_GATEWAY_KEY_RATE_PER_SECOND } from './constructs/usage-plans';
import { QueueWorkers } from './constructs/queue-workers';
import { Queues } from './constructs/queues';
import { RouteFunctions } from './constructs/route-functions';
import { ServiceFunction } from './constructs/service-function';
import { Tables } from './constructs/tables';
import { functionEnvironment } from './environment';
import { DEFAULT_RUNTIME_SETTINGS, type RuntimeSettings } from './runtime-settings';

export interface SalesTaxStackProps extends StackProps {
  /** `prod` keeps data on deletion; any other stage is disposable. */
  readonly stage: string;
  readonly settings?: RuntimeSettings;
  /** Per-key steady rate of the usage plans' flood guard; see lib/constructs/usage-plans.ts. */
  readonly gatewayKeyRatePerSecond?: number;
}

const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,15}$/;

export class SalesTaxStack extends Stack {
  readonly stage: string;
  readonly tables: Tables;
  readonly queues: Queues;
  readonly routeFunctions: RouteFunctions;
  readonly workers: QueueWorkers;
  readonly authorizer: ServiceFunction;
  readonly api: Api;

  constructor(scope: Construct, id: string, props: SalesTaxStackProps) {
    super(scope, id, props);
    if (!STAGE_PATTERN.test(props.stage)) throw new Error(`stage "${props.stage}" must match ${STAGE_PATTERN}`);
    this.stage = props.stage;
    const namePrefix = `salestax-${props.stage}`;
    const production = props.stage === 'prod';
    const removalPolicy = production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const settings = props.settings ?? DEFAULT_RUNTIME_SETTINGS;

    this.tables = new Tables(this, 'Tables', { namePrefix, removalPolicy, deletionProtection: production });
    this.queues = new Queues(this, 'Queues', { namePrefix, removalPolicy });

    const environment = {
      ...functionEnvironment({
        tableNames: Object.fromEntries([...this.tables.byId].map(([tableId, table]) => [tableId, table.tableName])),
        queueUrls: Object.fromEntries([...this.queues.byId].map(([queueId, { queue }]) => [queueId, queue.queueUrl])),
        settings,
        stage: props.stage,
      }),
      // A plain string, not the plans' ids: see functions/adapters/apigateway/usage-keys.ts.
      USAGE_PLAN_NAME_PREFIX: namePrefix,
    };
    const functions = { namePrefix, environment, tables: this.tables, queues: this.queues, removalPolicy };
    this.routeFunctions = new RouteFunctions(this, 'Routes', functions);
    this.workers = new QueueWorkers(this, 'Workers', functions);
    // The authorizer reads only the request: no environment, no data access.
    this.authorizer = new ServiceFunction(this, 'Authorizer', {
      functionName: `${namePrefix}-authorizer`,
      entry: AUTHORIZER_ENTRY,
      timeout: Duration.seconds(5),
      memorySize: 256,
      removalPolicy,
    });

    this.api = new Api(this, 'Api', {
      namePrefix,
      routeFunctions: new Map([...this.routeFunctions.byRoute].map(([routeId, fn]) => [routeId, fn.fn])),
      authorizerFunction: this.authorizer.fn,
      gatewayKeyRatePerSecond: props.gatewayKeyRatePerSecond ?? DEFAULT_GATEWAY_KEY_RATE_PER_SECOND,
      removalPolicy,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.baseUrl, description: 'Base URL of the API (with /api/v1)' });
    for (const [tableId, table] of this.tables.byId) new CfnOutput(this, `${tableId}TableName`, { value: table.tableName });
    for (const [queueId, { queue }] of this.queues.byId) new CfnOutput(this, `${queueId}QueueUrl`, { value: queue.queueUrl });
  }
}
