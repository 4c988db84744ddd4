// The whole service for one stage, composed from functions/manifest/routes and functions/manifest/resources.ts.
//
// Resource budget. CloudFormation refuses a stack over 500 resources; test/infra/resource-budget.
// test.ts keeps every stack under 400, today and with the planned work added. A route costs its
// function and its method, plus, on a new path, the path's Resource and its 405 ANY method, because
// - functions share the role of their access profile (lib/constructs/access-profiles.ts): one role
//   and one policy per distinct set of rights, not per function;
// - all the stage's functions write to one log group (Lambda advanced logging controls);
// - API Gateway invokes the route functions with one role per stack (the integrations'
//   credentials), not through a Lambda permission per function.
// Each compatibility surface (every base path but /api/v1 and the root's public pages: TaxJar's
// /taxjar, then AvaTax's) has its routes in a nested stack of its own, derived from the manifest
// (lib/constructs/surface-stack.ts): a new surface needs no change here. This stack keeps what
// holds data or identity (tables, queues, log groups, the access profiles' roles), the RestApi with
// its stage, authorizer, gateway responses and usage plans, the workers and the /api/v1 routes.
// docs/architecture.md ("The stack and its resource budget") has the numbers and the trade-offs.
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { CONTENT_STORE, type QueueDef } from '../functions/manifest/resources';
import type { RouteDef } from '../functions/manifest/route';
import { ROUTES } from '../functions/manifest/routes';
import { AUTHORIZER_ENTRY } from './bundling';
import { type AccessProfile, AccessProfiles, accessProfile } from './constructs/access-profiles';
import { Api } from './constructs/api';
import { ContentBucket, ContentRefresh } from './constructs/content-store';
import { LogConsumers } from './constructs/log-consumers';
import { Monitoring, metricsNamespace } from './constructs/monitoring';
import { QueueWorkers } from './constructs/queue-workers';
import { Queues } from './constructs/queues';
import { RouteFunctions } from './constructs/route-functions';
import { functionLogGroup, ServiceFunction } from './constructs/service-function';
import { StreamConsumers } from './constructs/stream-consumers';
import { parentPath, SurfaceStack, splitRoutes, surfaceId } from './constructs/surface-stack';
import { Sweeper } from './constructs/sweeper';
import { Tables } from './constructs/tables';
import { DEFAULT_GATEWAY_KEY_RATE_PER_SECOND } from './constructs/usage-plans';
import { functionEnvironment } from './environment';
import { DEFAULT_RUNTIME_SETTINGS, type RuntimeSettings } from './runtime-settings';

export interface SalesTaxStackProps extends StackProps {
  /** `prod` keeps data on deletion; any other stage is disposable. */
  readonly stage: string;
  readonly settings?: RuntimeSettings;
  /** Per-key steady rate of the usage plans' flood guard; see lib/constructs/usage-plans.ts. */
  readonly gatewayKeyRatePerSecond?: number;
  /**
   * Where clients reach the API (`https://tax.example.com`, with a custom domain's base path if it
   * has one): the OpenAPI document's `servers`. Unset, the document names the host and stage the
   * request came through, checked (functions/http/public-handler.ts apiOrigin).
   */
  readonly publicUrl?: string;
  /** The route manifest; the manifest's ROUTES unless given (capacity tests add routes). */
  readonly routes?: readonly RouteDef[];
  /** The queues; functions/manifest/resources.ts's QUEUES unless given. */
  readonly queues?: readonly QueueDef[];
  /** A route's access profile; routeAccess (lib/constructs/access-profiles.ts) unless given. */
  readonly routeAccess?: (route: RouteDef) => AccessProfile;
  /**
   * Leave the compatibility surfaces' routes out (`-c withoutSurfaces=true`): the first of the two
   * deploys that move an existing stage's surface routes from the main stack into their nested
   * stacks. A function name or a path part cannot exist twice, and CloudFormation deletes a
   * resource a template no longer has only after it created the new ones, so one deploy would fail.
   */
  readonly withoutSurfaces?: boolean;
}

const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,15}$/;

/** A public URL is an http(s) origin with an optional path: nothing a document's reader could be sent elsewhere by. */
function checkedPublicUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash)
    throw new Error(`publicUrl "${raw}" must be an http(s) URL with a host and an optional path`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export class SalesTaxStack extends Stack {
  readonly stage: string;
  /** The routes the stage serves, in manifest order. */
  readonly routes: readonly RouteDef[];
  readonly tables: Tables;
  readonly queues: Queues;
  /** The log group every function of the stage writes to. */
  readonly functionLogs: LogGroup;
  /** The functions' execution roles, one per access profile. */
  readonly profiles: AccessProfiles;
  /** The functions of the main stack's routes (/api/v1 and the public pages). */
  readonly routeFunctions: RouteFunctions;
  /** Each compatibility surface's routes, in a nested stack per base path (TaxJar's below /taxjar). */
  readonly surfaces: readonly SurfaceStack[];
  readonly workers: QueueWorkers;
  readonly sweeper: Sweeper;
  readonly streamConsumers: StreamConsumers;
  /** The usage-log worker and its subscription to the function log group. */
  readonly logConsumers: LogConsumers;
  readonly authorizer: ServiceFunction;
  readonly api: Api;
  readonly monitoring: Monitoring;
  readonly content: ContentBucket;
  readonly contentRefresh: ContentRefresh;

  constructor(scope: Construct, id: string, props: SalesTaxStackProps) {
    super(scope, id, props);
    if (!STAGE_PATTERN.test(props.stage)) throw new Error(`stage "${props.stage}" must match ${STAGE_PATTERN}`);
    this.stage = props.stage;
    const routes = props.routes ?? ROUTES;
    const { main: mainRoutes, surfaces } = splitRoutes(routes);
    if (props.withoutSurfaces) surfaces.clear();
    this.routes = props.withoutSurfaces ? mainRoutes : routes;
    const namePrefix = `salestax-${props.stage}`;
    const production = props.stage === 'prod';
    const removalPolicy = production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const settings = props.settings ?? DEFAULT_RUNTIME_SETTINGS;

    this.tables = new Tables(this, 'Tables', { namePrefix, removalPolicy, deletionProtection: production });
    this.queues = new Queues(this, 'Queues', { namePrefix, removalPolicy, defs: props.queues });
    this.functionLogs = functionLogGroup(this, 'FunctionLogs', { namePrefix, removalPolicy });
    this.content = new ContentBucket(this, 'Content', { removalPolicy });
    this.profiles = new AccessProfiles(this, 'Profiles', {
      tables: this.tables,
      queues: this.queues,
      logGroup: this.functionLogs,
      contentBucket: this.content.bucket,
    });

    const environment = {
      ...functionEnvironment({
        tableNames: Object.fromEntries([...this.tables.byId].map(([tableId, table]) => [tableId, table.tableName])),
        queueUrls: Object.fromEntries([...this.queues.byId].map(([queueId, { queue }]) => [queueId, queue.queueUrl])),
        settings,
        stage: props.stage,
      }),
      // A plain string, not the plans' ids: see functions/adapters/apigateway/usage-keys.ts.
      USAGE_PLAN_NAME_PREFIX: namePrefix,
      // Where refreshed tax content is published; only the functions that use the content read it.
      [CONTENT_STORE.envVar]: this.content.bucket.bucketName,
      // Metrics in the embedded metric format, in the stage's own namespace (functions/shared/metrics.ts).
      POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(props.stage),
      ...(props.publicUrl === undefined ? {} : { API_PUBLIC_URL: checkedPublicUrl(props.publicUrl) }),
    };
    const functions = { namePrefix, environment, profiles: this.profiles, logGroup: this.functionLogs };
    this.routeFunctions = new RouteFunctions(this, 'Routes', { ...functions, routes: mainRoutes, access: props.routeAccess });
    this.workers = new QueueWorkers(this, 'Workers', { ...functions, queues: this.queues });
    this.sweeper = new Sweeper(this, 'Sweeper', functions);
    this.streamConsumers = new StreamConsumers(this, 'StreamConsumers', { ...functions, tables: this.tables });
    this.logConsumers = new LogConsumers(this, 'LogConsumers', { ...functions, removalPolicy });
    // The authorizer reads only the request: no environment, no data access.
    this.authorizer = new ServiceFunction(this, 'Authorizer', {
      functionName: `${namePrefix}-authorizer`,
      entry: AUTHORIZER_ENTRY,
      timeout: Duration.seconds(5),
      memorySize: 256,
      role: this.profiles.roleFor(accessProfile({ data: 'none' })),
      logGroup: this.functionLogs,
    });

    this.api = new Api(this, 'Api', {
      namePrefix,
      routes: mainRoutes,
      routeFunctions: new Map([...this.routeFunctions.byRoute].map(([routeId, fn]) => [routeId, fn.fn])),
      authorizerFunction: this.authorizer.fn,
      gatewayKeyRatePerSecond: props.gatewayKeyRatePerSecond ?? DEFAULT_GATEWAY_KEY_RATE_PER_SECOND,
      removalPolicy,
    });

    this.surfaces = [...surfaces].map(
      ([base, surfaceRoutes]) =>
        new SurfaceStack(this, surfaceId(base), {
          base,
          routes: surfaceRoutes,
          restApi: this.api.restApi,
          parent: this.api.restApi.root.resourceForPath(parentPath(base)),
          authorizer: this.api.authorizer,
          functions: { ...functions, access: props.routeAccess },
        }),
    );

    this.monitoring = new Monitoring(this, 'Monitoring', {
      namePrefix,
      stage: props.stage,
      api: this.api.restApi,
      queues: this.queues,
      tables: this.tables,
      deadLetterAlarms: [...this.logConsumers.byId.values()].map((c) => c.dlqAlarm),
    });

    this.contentRefresh = new ContentRefresh(this, 'ContentRefresh', {
      namePrefix,
      stage: props.stage,
      environment,
      bucket: this.content.bucket,
      profiles: this.profiles,
      logGroup: this.functionLogs,
      alarmTopic: this.monitoring.topic,
    });

    new CfnOutput(this, 'ContentBucketName', { value: this.content.bucket.bucketName, description: 'Published tax content (pointer content/current.json)' });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn, description: 'Subscribe the people who answer alarms' });
    new CfnOutput(this, 'ApiUrl', { value: this.api.baseUrl, description: 'Base URL of the API (with /api/v1)' });
    for (const [tableId, table] of this.tables.byId) new CfnOutput(this, `${tableId}TableName`, { value: table.tableName });
    for (const [queueId, { queue }] of this.queues.byId) new CfnOutput(this, `${queueId}QueueUrl`, { value: queue.queueUrl });
  }
}
