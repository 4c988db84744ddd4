// The synthesized stack, checked without AWS and without bundling.
import { App, type CfnElement, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { deploymentSecretEntity } from '../../functions/adapters/dynamodb/entities/deployment-secret';
import { monthSalesEntity } from '../../functions/adapters/dynamodb/entities/month-sales';
import { rateCounterEntity } from '../../functions/adapters/dynamodb/entities/rate-counter';
import { summaryEntity } from '../../functions/adapters/dynamodb/entities/summary';
import {
  BATCH_ITEMS_QUEUE,
  LOG_CONSUMERS,
  QUEUES,
  RETURN_JOB_ITEMS_QUEUE,
  STREAM_CONSUMERS,
  TABLES,
  USAGE_LOG_WORKER,
} from '../../functions/manifest/resources';
import { AVATAX_BASE_PATH, fullPath, type RouteDef, TAXJAR_BASE_PATH } from '../../functions/manifest/route';
import { ROUTES, TAXJAR_TAXES } from '../../functions/manifest/routes';
import {
  AccessProfiles,
  DEPLOYMENT_SECRET_PARTITION,
  MONTH_RECORD_KEY_PATTERN,
  profileKey,
  RATE_COUNTER_KEY_PREFIX,
  routeAccess,
} from '../../lib/constructs/access-profiles';
import { CONTENT_REFRESH_SCHEDULES, ContentBucket } from '../../lib/constructs/content-store';
import { QueueWorkers } from '../../lib/constructs/queue-workers';
import { Queues } from '../../lib/constructs/queues';
import { functionLogGroup } from '../../lib/constructs/service-function';
import { type SurfaceStack, splitRoutes, surfaceBase } from '../../lib/constructs/surface-stack';
import { Tables } from '../../lib/constructs/tables';
import { DEFAULT_GATEWAY_KEY_RATE_PER_SECOND, perKeyThrottle } from '../../lib/constructs/usage-plans';
import { avataxGatewayErrorBody, GATEWAY_ERRORS } from '../../lib/gateway-errors';
import { acknowledgeNagFindings } from '../../lib/nag-suppressions';
import { DEFAULT_RUNTIME_SETTINGS } from '../../lib/runtime-settings';
import { SalesTaxStack } from '../../lib/stack';

/** What active tracing lets every function do (send its trace segments to X-Ray): no data access. */
const TRACE_WRITES = new Set(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']);

const synth = (stage: string) => {
  // Skips NodejsFunction bundling: these tests read the template, not the code.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new SalesTaxStack(app, `SalesTax-${stage}`, { stage });
  acknowledgeNagFindings(stack);
  return { app, stack, template: Template.fromStack(stack) };
};

const { app, stack, template } = synth('test');
const routes: readonly RouteDef[] = ROUTES;
const workers = QUEUES.filter((q) => q.worker);
const requestIdInTemplate = Match.stringLikeRegexp('"request_id":"\\$context\\.requestId"');
/** The routes the main stack serves itself: /api/v1 and the public pages at the root. */
const mainRoutes = routes.filter((r) => !surfaceBase(r));
const taxjarSurface = stack.surfaces.find((s) => s.base === TAXJAR_BASE_PATH)!;

type Resource = { Properties: Record<string, any>; DependsOn?: string[] };
type Statement = Record<string, unknown>;

/** The main stack's template and each surface's nested template, with the surface. */
const stackTemplates: readonly { template: Template; surface?: SurfaceStack }[] = [
  { template },
  ...stack.surfaces.map((surface) => ({ template: Template.fromStack(surface), surface })),
];
const allResources = (type: string): Resource[] => stackTemplates.flatMap(({ template: t }) => Object.values(t.findResources(type)) as Resource[]);

/**
 * A value of a surface's template as the main stack gives it: a parameter of the nested stack is
 * what the main stack passes for it (the Ref of a table, the ARN of a role…); other values as they are.
 */
function inMain(value: unknown, surface?: SurfaceStack): unknown {
  if (!surface) return value;
  const nested = template.toJSON().Resources[stack.getLogicalId(surface.nestedStackResource as CfnElement)] as Resource;
  const ref = (value as { Ref?: string } | undefined)?.Ref;
  return ref !== undefined && ref in nested.Properties.Parameters ? nested.Properties.Parameters[ref] : value;
}

/** The logical id and the resource of the function named `functionName`. */
function functionNamed(t: Template, functionName: string): [string, Resource] {
  const functions = Object.entries(t.findResources('AWS::Lambda::Function', { Properties: { FunctionName: functionName } })) as [string, Resource][];
  if (functions.length !== 1) throw new Error(`no function ${functionName}`);
  return functions[0]!;
}

/** The logical id of the execution role of the function named `functionName`. */
const roleOfFunction = (t: Template, functionName: string): string => functionNamed(t, functionName)[1].Properties.Role['Fn::GetAtt'][0];

/** Every statement of every policy attached to a role (inline, or managed when CDK splits a large one): all the role may do. */
function roleStatements(t: Template, roleLogicalId: string): Statement[] {
  const policies = [...Object.values(t.findResources('AWS::IAM::Policy')), ...Object.values(t.findResources('AWS::IAM::ManagedPolicy'))] as Resource[];
  const attached = policies.filter((p) => (p.Properties.Roles as unknown[]).some((r) => JSON.stringify(r) === JSON.stringify({ Ref: roleLogicalId })));
  return attached.flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}

/** The function named `functionName` in the main stack or a surface's, with its surface. */
function stackFunction(functionName: string): { id: string; fn: Resource; surface?: SurfaceStack } {
  const found = stackTemplates.flatMap(({ template: t, surface }) =>
    Object.entries(t.findResources('AWS::Lambda::Function', { Properties: { FunctionName: functionName } })).map(([id, fn]) => ({
      id,
      fn: fn as Resource,
      surface,
    })),
  );
  if (found.length !== 1) throw new Error(`no function ${functionName}`);
  return found[0]!;
}

/** The main stack's logical id of the execution role of a function of any stack (the roles are the main stack's). */
function stackRoleOfFunction(functionName: string): string {
  const { fn, surface } = stackFunction(functionName);
  return (inMain(fn.Properties.Role, surface) as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
}

/** The IAM policy statements of the function serving a route, found through its role. */
const routeStatements = (routeId: string): Statement[] => roleStatements(template, stackRoleOfFunction(`salestax-test-${routeId}`));
const actionsOf = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat() as string[]);

describe('functions', () => {
  it('has one function per route, one per queue worker, stream consumer and log consumer, the authorizer and the sweeper', () => {
    // Besides: the authorizer, the sweeper and the content refresh.
    template.resourceCountIs('AWS::Lambda::Function', mainRoutes.length + workers.length + STREAM_CONSUMERS.length + LOG_CONSUMERS.length + 3);
    // A surface's nested stack holds its routes' functions and no other.
    for (const surface of stack.surfaces) {
      const names = Object.values(Template.fromStack(surface).findResources('AWS::Lambda::Function')).map((f) => (f as Resource).Properties.FunctionName);
      expect(names.sort(), surface.base).toEqual(
        routes
          .filter((r) => surfaceBase(r) === surface.base)
          .map((r) => `salestax-test-${r.id}`)
          .sort(),
      );
    }
  });

  it('runs the sweeper every 5 minutes from EventBridge, re-queuing work older than 5 minutes', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [Match.objectLike({ Input: JSON.stringify({ min_age_seconds: 300 }) })],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', { Principal: 'events.amazonaws.com' });
  });

  it('runs every function on Node.js 22, arm64', () => {
    for (const { template: t } of stackTemplates) t.allResourcesProperties('AWS::Lambda::Function', { Runtime: 'nodejs22.x', Architectures: ['arm64'] });
  });

  it.each(routes.map((r) => [r.id, r] as const))('configures %s from its route', (_, route) => {
    const { fn, surface } = stackFunction(`salestax-test-${route.id}`);
    expect(surface?.base).toBe(surfaceBase(route));
    expect(fn.Properties).toMatchObject({ Handler: 'index.handler', MemorySize: route.memoryMb ?? 512, Timeout: route.timeoutSeconds ?? 29 });
    const variables = Object.fromEntries(Object.entries(fn.Properties.Environment.Variables).map(([name, value]) => [name, inMain(value, surface)]));
    expect(variables).toMatchObject({
      TABLE_NAME: { Ref: expect.stringMatching(/^TablesMain/) },
      IDEMPOTENCY_TABLE_NAME: { Ref: expect.stringMatching(/^TablesIdempotency/) },
      SUMMARY_TABLE_NAME: { Ref: expect.stringMatching(/^TablesSummaries/) },
      USAGE_PLAN_NAME_PREFIX: 'salestax-test',
      STX_STAGE: 'test',
    });
    expect(inMain(fn.Properties.LoggingConfig.LogGroup, surface)).toEqual({ Ref: expect.stringMatching(/^FunctionLogs/) });
  });

  it('sends the logs of every function to the stage log group, kept one month', () => {
    const functionLogGroups = template.findResources('AWS::Logs::LogGroup', { Properties: { LogGroupName: Match.stringLikeRegexp('^/aws/lambda/') } });
    expect(Object.values(functionLogGroups)).toEqual([
      expect.objectContaining({ Properties: { LogGroupName: '/aws/lambda/salestax-test', RetentionInDays: 30 } }),
    ]);
    const [logGroupId] = Object.keys(functionLogGroups);
    for (const { template: t, surface } of stackTemplates) {
      // A surface's functions write to the main stack's group: no log group of their own.
      if (surface) t.resourceCountIs('AWS::Logs::LogGroup', 0);
      for (const fn of Object.values(t.findResources('AWS::Lambda::Function')) as Resource[])
        expect(inMain(fn.Properties.LoggingConfig.LogGroup, surface), fn.Properties.FunctionName).toEqual({ Ref: logGroupId });
    }
  });
});

describe('least privilege', () => {
  it('lets read-only routes update nothing but their rate counters and the nexus month records, and create nothing but the deployment secrets', () => {
    // GET routes write only where the manifest says so: reading a batch or return job past its deadline records its failure.
    expect(routes.filter((r) => r.method === 'GET' && routeAccess(r).data === 'write').map((r) => r.id)).toEqual([
      'batches-get',
      'batches-items',
      'return-jobs-get',
      'return-jobs-items',
    ]);
    for (const route of routes.filter((r) => routeAccess(r).data === 'read')) {
      const statements = routeStatements(route.id);
      const puts = statements.filter((s) => [s.Action].flat().includes('dynamodb:PutItem'));
      expect(puts).toEqual([
        expect.objectContaining({ Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [DEPLOYMENT_SECRET_PARTITION] } } }),
      ]);
      const updates = statements.filter((s) => [s.Action].flat().includes('dynamodb:UpdateItem'));
      expect(updates).toEqual([
        expect.objectContaining({ Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${RATE_COUNTER_KEY_PREFIX}*`] } } }),
        expect.objectContaining({ Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [MONTH_RECORD_KEY_PATTERN] } } }),
      ]);
    }
  });

  it('gives the public API description no data access at all', () => {
    for (const route of routes.filter((r) => r.public))
      expect(
        actionsOf(routeStatements(route.id)).filter((a) => !a.startsWith('logs:') && !TRACE_WRITES.has(a)),
        route.id,
      ).toEqual([]);
  });

  it('uses the partition keys of the real rate counters, deployment secrets and month records', () => {
    expect(rateCounterEntity.key('key', 'general', 0).PK.startsWith(RATE_COUNTER_KEY_PREFIX)).toBe(true);
    expect(deploymentSecretEntity.key('cursor').PK).toBe(DEPLOYMENT_SECRET_PARTITION);
    // IAM's StringLike: `*` is any run of characters.
    const like = new RegExp(
      `^${MONTH_RECORD_KEY_PATTERN.split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    const tenant = { accountId: 'acct_1', environment: 'sandbox' } as const;
    expect(monthSalesEntity.key(tenant, '2026-Q4', 3).PK).toMatch(like);
    expect(summaryEntity.key(tenant, { state: 'NY', period: '2026-11', location: '*' }, 0).PK).not.toMatch(like);
  });

  it('grants the idempotency table to POST routes only', () => {
    for (const route of routes) {
      const resources = JSON.stringify(routeStatements(route.id));
      expect(resources.includes('TablesIdempotency'), route.id).toBe(route.method === 'POST');
    }
  });

  it('grants API Gateway key administration to usage-key routes only', () => {
    for (const route of routes) {
      const actions = actionsOf(routeStatements(route.id));
      const expected = route.usageKeys ? ['apigateway:POST', 'apigateway:GET', 'apigateway:PATCH'] : [];
      expect(
        actions.filter((a) => a.startsWith('apigateway:')),
        route.id,
      ).toEqual(expected);
    }
  });

  it('gives routes with the same access profile one role, and routes with different ones different roles', () => {
    const roleByProfile = new Map<string, string>();
    for (const route of routes) {
      const key = profileKey(routeAccess(route));
      const role = stackRoleOfFunction(`salestax-test-${route.id}`);
      expect(roleByProfile.get(key) ?? role, route.id).toBe(role);
      roleByProfile.set(key, role);
    }
    expect(new Set(roleByProfile.values()).size).toBe(roleByProfile.size);
    // Besides the profiles' roles: one per queue worker (it consumes its own queue) and stream consumer
    // (it reads its table's stream), the authorizer's (no data: the public routes' profile too, so
    // shared with them), the sweeper's (data, sending to the batch queues, no idempotency), API
    // Gateway's invoke role and its account-level CloudWatch role; the usage-log worker's (the usage
    // table only); the content refresh's (the content bucket only).
    const roles = new Set([...roleByProfile.values(), roleOfFunction(template, 'salestax-test-authorizer')]);
    const workers = QUEUES.filter((q) => q.worker).length;
    template.resourceCountIs('AWS::IAM::Role', roles.size + workers + STREAM_CONSUMERS.length + LOG_CONSUMERS.length + 4);
  });

  it('lets every function role write logs to the stage log group only', () => {
    const [logGroupId] = Object.keys(template.findResources('AWS::Logs::LogGroup', { Properties: { LogGroupName: '/aws/lambda/salestax-test' } }));
    const functionRoles = new Set(
      stackTemplates.flatMap(({ template: t, surface }) =>
        (Object.values(t.findResources('AWS::Lambda::Function')) as Resource[]).map(
          (f) => (inMain(f.Properties.Role, surface) as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0],
        ),
      ),
    );
    for (const role of functionRoles) {
      const logs = roleStatements(template, role).filter((s) => actionsOf([s]).some((a) => a.startsWith('logs:')));
      expect(logs, role).toEqual([{ Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Effect: 'Allow', Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] } }]);
    }
  });

  it('gives the authorizer no data access', () => {
    const actions = actionsOf(roleStatements(template, roleOfFunction(template, 'salestax-test-authorizer')));
    expect(actions.filter((a) => !a.startsWith('logs:') && !TRACE_WRITES.has(a))).toEqual([]);
  });

  it('grants SQS sends on exactly the queues a profile names', () => {
    const stack = new Stack(new App(), 'Profiles');
    const common = { namePrefix: 'salestax-test', removalPolicy: RemovalPolicy.DESTROY };
    const queues = new Queues(stack, 'Queues', common);
    const profiles = new AccessProfiles(stack, 'Profiles', {
      tables: new Tables(stack, 'Tables', { ...common, deletionProtection: false }),
      queues,
      logGroup: functionLogGroup(stack, 'Logs', common),
      contentBucket: new ContentBucket(stack, 'Content', common).bucket,
    });
    const sender = routeAccess({ method: 'POST', sendsTo: [RETURN_JOB_ITEMS_QUEUE.id, BATCH_ITEMS_QUEUE.id] });
    // The order a route names its queues in does not make another role.
    expect(profiles.roleFor(sender)).toBe(profiles.roleFor(routeAccess({ method: 'POST', sendsTo: [BATCH_ITEMS_QUEUE.id, RETURN_JOB_ITEMS_QUEUE.id] })));
    expect(profileKey(sender)).toBe('WriteIdempotencySendBatchItemsSendReturnJobItems');
    profiles.roleFor(routeAccess({ method: 'POST', sendsTo: [BATCH_ITEMS_QUEUE.id] }));
    profiles.roleFor(routeAccess({ method: 'POST' }));
    const t = Template.fromStack(stack);
    const queueArn = (id: string) => ({ 'Fn::GetAtt': [stack.getLogicalId(queues.get(id).queue.node.defaultChild as CfnElement), 'Arn'] });
    const sqsResources = (key: string) =>
      roleStatements(t, stack.getLogicalId(profiles.byKey.get(key)!.role.node.defaultChild as CfnElement))
        .filter((s) => actionsOf([s]).includes('sqs:SendMessage'))
        .flatMap((s) => [s.Resource].flat());
    expect(sqsResources('WriteIdempotencySendBatchItemsSendReturnJobItems')).toEqual(
      expect.arrayContaining([queueArn(BATCH_ITEMS_QUEUE.id), queueArn(RETURN_JOB_ITEMS_QUEUE.id)]),
    );
    expect(sqsResources('WriteIdempotencySendBatchItemsSendReturnJobItems')).toHaveLength(2);
    expect(sqsResources('WriteIdempotencySendBatchItems')).toEqual([queueArn(BATCH_ITEMS_QUEUE.id)]);
    expect(sqsResources('WriteIdempotency')).toEqual([]);
    t.resourceCountIs('AWS::IAM::Role', 3);
  });

  it("lets API Gateway invoke exactly each stack's route functions, through one role per stack rather than a permission per function", () => {
    for (const { template: t, surface } of stackTemplates) {
      const invokeRoles = Object.entries(
        t.findResources('AWS::IAM::Role', {
          Properties: { AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Service: 'apigateway.amazonaws.com' } })] } },
        }),
      ).filter(([id]) => !id.includes('CloudWatchRole'));
      expect(invokeRoles).toHaveLength(1);
      const [invokeRole] = invokeRoles[0]!;
      const stackRoutes = routes.filter((r) => surfaceBase(r) === surface?.base);
      const routeFunctionIds = stackRoutes.map((r) => functionNamed(t, `salestax-test-${r.id}`)[0]).sort();
      const statements = roleStatements(t, invokeRole);
      for (const s of statements) expect(s).toMatchObject({ Action: 'lambda:InvokeFunction', Effect: 'Allow' });
      const invoked = statements
        .flatMap((s) => [s.Resource].flat() as { 'Fn::GetAtt': [string, string] }[])
        .map((r) => r['Fn::GetAtt'][0])
        .sort();
      expect(invoked, surface?.base).toEqual(routeFunctionIds);
      const routeMethods = (Object.values(t.findResources('AWS::ApiGateway::Method')) as Resource[]).filter((m) => m.Properties.HttpMethod !== 'ANY');
      expect(routeMethods).toHaveLength(stackRoutes.length);
      for (const m of routeMethods) expect(m.Properties.Integration.Credentials).toEqual({ 'Fn::GetAtt': [invokeRole, 'Arn'] });
      if (surface) t.resourceCountIs('AWS::Lambda::Permission', 0);
    }
    // The only Lambda permissions left: API Gateway calling the authorizer, EventBridge the sweeper
    // and the content refresh (one per schedule), CloudWatch Logs the usage-log worker.
    template.resourceCountIs('AWS::Lambda::Permission', 2 + CONTENT_REFRESH_SCHEDULES.length + LOG_CONSUMERS.length);
    template.hasResourceProperties('AWS::Lambda::Permission', { FunctionName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AuthorizerFunction'), 'Arn'] } });
  });

  it('uses no AWS managed policy for functions', () => {
    const roles = stackTemplates.flatMap(({ template: t }) =>
      Object.entries(t.findResources('AWS::IAM::Role')).filter(([id]) => !id.includes('CloudWatchRole')),
    );
    for (const [, role] of roles) expect((role as { Properties: Record<string, unknown> }).Properties.ManagedPolicyArns).toBeUndefined();
  });
});

describe('data', () => {
  it.each(TABLES.map((t) => [t.id, t] as const))('creates the %s table on demand with PITR, TTL and AWS-managed encryption', (_, def) => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: `salestax-test-${def.id.toLowerCase()}`,
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true },
      SSESpecification: { SSEEnabled: true },
      GlobalSecondaryIndexes: def.globalIndexes.length ? def.globalIndexes.map((i) => Match.objectLike({ IndexName: i.name })) : Match.absent(),
    });
  });

  it('destroys data outside prod and keeps it in prod', () => {
    template.allResources('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    const prod = synth('prod').template;
    prod.allResources('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain' });
    prod.allResourcesProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
  });
});

describe('queues', () => {
  it.each(QUEUES.map((q) => [q.id, q] as const))('gives %s a dead-letter queue, TLS-only, encrypted', (_, def) => {
    const name = `salestax-test-${def.id.toLowerCase()}`;
    template.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: name,
      SqsManagedSseEnabled: true,
      VisibilityTimeout: def.visibilityTimeoutSeconds,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [Match.stringLikeRegexp(`^Queues${def.id}Dlq`), 'Arn'] }, maxReceiveCount: def.maxReceiveCount },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { QueueName: `${name}-dlq`, MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: `${name}-dlq-not-empty`,
      MetricName: 'ApproximateNumberOfMessagesVisible',
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
    });
  });

  it('feeds a worker from its queue in batches that may partly fail, its role consuming that queue only', () => {
    // No queue has a worker yet: give one a stand-in entry (bundling is skipped, the code never runs).
    const stack = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Workers');
    const common = { namePrefix: 'salestax-test', removalPolicy: RemovalPolicy.DESTROY };
    const tables = new Tables(stack, 'Tables', { ...common, deletionProtection: false });
    const def = { ...BATCH_ITEMS_QUEUE, worker: 'functions/handlers/gateway/authorizer.ts' };
    const queues = new Queues(stack, 'Queues', { ...common, defs: QUEUES.map((q) => (q.id === def.id ? def : q)) });
    const logGroup = functionLogGroup(stack, 'Logs', common);
    const profiles = new AccessProfiles(stack, 'Profiles', { tables, queues, logGroup, contentBucket: new ContentBucket(stack, 'Content', common).bucket });
    new QueueWorkers(stack, 'Workers', { namePrefix: common.namePrefix, environment: {}, queues, profiles, logGroup });
    const workers = Template.fromStack(stack);
    workers.hasResourceProperties('AWS::Lambda::Function', { FunctionName: 'salestax-test-batchitems-worker', Timeout: def.visibilityTimeoutSeconds / 6 });
    workers.hasResourceProperties('AWS::Lambda::EventSourceMapping', { BatchSize: def.batchSize, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    const statements = roleStatements(workers, roleOfFunction(workers, 'salestax-test-batchitems-worker'));
    const sqs = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('sqs:')));
    const queueId = stack.getLogicalId(queues.get(def.id).queue.node.defaultChild as CfnElement);
    expect(sqs.length).toBeGreaterThan(0);
    for (const s of sqs) expect(s.Resource).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    expect(actionsOf(sqs)).toContain('sqs:ReceiveMessage');
    expect(actionsOf(sqs)).not.toContain('sqs:SendMessage');
  });

  it('refuses plain-HTTP access to every queue', () => {
    // Each queue and its dead-letter queue; each log consumer's dead-letter queue.
    template.resourceCountIs('AWS::SQS::QueuePolicy', QUEUES.length * 2 + LOG_CONSUMERS.length);
    template.allResourcesProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });
});

describe('api', () => {
  /** Every method of the API: the main stack's and the surfaces'. */
  const methods = () => allResources('AWS::ApiGateway::Method');

  it('takes usage keys from the authorizer and deploys stage live with logs, metrics and a default throttle', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { ApiKeySourceType: 'AUTHORIZER' });
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'live',
      AccessLogSetting: { Format: Match.stringLikeRegexp('\\$context\\.requestId') },
      MethodSettings: [Match.objectLike({ LoggingLevel: 'INFO', DataTraceEnabled: false, MetricsEnabled: true, ThrottlingRateLimit: Match.anyValue() })],
    });
  });

  it('uses one uncached REQUEST authorizer with no identity source', () => {
    template.resourceCountIs('AWS::ApiGateway::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', { Type: 'REQUEST', AuthorizerResultTtlInSeconds: 0, IdentitySource: Match.absent() });
  });

  it('puts every route behind the authorizer and a usage key, but the public API description and the routes whose key is optional', () => {
    const routeMethods = methods().filter((m) => m.Properties.HttpMethod !== 'ANY');
    expect(routeMethods.map((m) => m.Properties.HttpMethod).sort()).toEqual(routes.map((r) => r.method).sort());
    const open = routeMethods.filter((m) => m.Properties.AuthorizationType === 'NONE');
    expect(open).toHaveLength(routes.filter((r) => r.public || r.optionalKey).length);
    for (const m of open) expect(m.Properties).toMatchObject({ ApiKeyRequired: false, Integration: { Type: 'AWS_PROXY' } });
    for (const m of routeMethods.filter((m) => !open.includes(m))) {
      expect(m.Properties).toMatchObject({ AuthorizationType: 'CUSTOM', ApiKeyRequired: true, Integration: { Type: 'AWS_PROXY' } });
      expect(m.Properties.AuthorizerId).toBeDefined();
    }
    // A surface's methods use the main stack's one authorizer.
    const [authorizerId] = Object.keys(template.findResources('AWS::ApiGateway::Authorizer'));
    for (const surface of stack.surfaces)
      for (const m of Object.values(Template.fromStack(surface).findResources('AWS::ApiGateway::Method')) as Resource[])
        if (m.Properties.AuthorizationType === 'CUSTOM') expect(inMain(m.Properties.AuthorizerId, surface)).toEqual({ Ref: authorizerId });
  });

  const mockStatus = (m: Resource): string => m.Properties.Integration.IntegrationResponses[0].StatusCode;

  it('answers 405 through an ANY MOCK method on every route path', () => {
    const anyMethods = methods().filter((m) => m.Properties.HttpMethod === 'ANY' && mockStatus(m) !== '404');
    expect(anyMethods).toHaveLength(new Set(routes.map(fullPath)).size);
    for (const m of anyMethods) {
      expect(m.Properties).toMatchObject({ AuthorizationType: 'NONE', ApiKeyRequired: false, Integration: { Type: 'MOCK' } });
      const [response] = m.Properties.Integration.IntegrationResponses;
      expect(response.StatusCode).toBe('405');
      const body = response.ResponseTemplates['application/json'] as string;
      // Each compatible API's paths answer in its shape (the request id stays in X-Request-Id).
      if (body.startsWith('{"error":"'))
        expect(JSON.parse(body)).toEqual({ error: 'Method Not Allowed', detail: expect.stringContaining('[method_not_allowed]'), status: 405 });
      else if (body.includes('"details"')) expect(JSON.parse(body)).toEqual(JSON.parse(avataxGatewayErrorBody(GATEWAY_ERRORS.methodNotAllowed)));
      else {
        expect(body).toContain(`"code":"${GATEWAY_ERRORS.methodNotAllowed.code}"`);
        expect(body).toContain('"request_id":"$context.requestId"');
      }
      expect(response.ResponseParameters['method.response.header.X-Request-Id']).toBe('context.requestId');
    }
  });

  it.each([
    ['taxjar', () => ({ error: 'Not Found', detail: expect.stringContaining('[not_found]'), status: 404 })],
    ['avatax', () => JSON.parse(avataxGatewayErrorBody(GATEWAY_ERRORS.notFound))],
  ] as const)("answers an unknown path below the %s base path 404 in that API's shape: a {proxy+} and every route-less resource there", (dialect, shape) => {
    const surfacePaths = new Set(routes.filter((r) => r.dialect === dialect).map(fullPath));
    const base = routes.find((r) => r.dialect === dialect)!.base!;
    const prefixes = new Set(
      [...surfacePaths].flatMap((path) =>
        path
          .split('/')
          .slice(1)
          .map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`)
          .filter((prefix) => prefix === base || prefix.startsWith(`${base}/`)),
      ),
    );
    const bare = [...prefixes].filter((path) => !surfacePaths.has(path));
    expect(bare).toContain(base);
    const surface = stack.surfaces.find((s) => s.base === base)!;
    const notFound = (Object.values(Template.fromStack(surface).findResources('AWS::ApiGateway::Method')) as Resource[]).filter(
      (m) => m.Properties.HttpMethod === 'ANY' && mockStatus(m) === '404',
    );
    expect(notFound).toHaveLength(bare.length + 1);
    for (const m of notFound) {
      expect(m.Properties).toMatchObject({ AuthorizationType: 'NONE', ApiKeyRequired: false, Integration: { Type: 'MOCK' } });
      const [response] = m.Properties.Integration.IntegrationResponses;
      expect(JSON.parse(response.ResponseTemplates['application/json'])).toEqual(shape());
      expect(response.ResponseParameters['method.response.header.X-Request-Id']).toBe('context.requestId');
    }
    Template.fromStack(surface).hasResourceProperties('AWS::ApiGateway::Resource', { PathPart: '{proxy+}' });
  });

  it('names the configured public URL to the functions, and refuses one that is not an http(s) origin', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new SalesTaxStack(app, 'SalesTax-pub', { stage: 'pub', publicUrl: 'https://tax.example.com/' });
    const configured = Template.fromStack(stack);
    configured.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'salestax-pub-openapi-get',
      Environment: { Variables: Match.objectLike({ API_PUBLIC_URL: 'https://tax.example.com' }) },
    });
    expect(
      () => new SalesTaxStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'SalesTax-bad', { stage: 'bad', publicUrl: 'javascript://x' }),
    ).toThrow(/publicUrl/);
  });

  it('shares resources between paths with common segments', () => {
    const paths = new Set(
      routes.flatMap((r) =>
        fullPath(r)
          .split('/')
          .slice(1)
          .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
      ),
    );
    // And the one greedy resource answering each compatible API's 404 below its base path.
    expect(allResources('AWS::ApiGateway::Resource')).toHaveLength(paths.size + stack.surfaces.length);
  });

  it.each([
    ['MISSING_AUTHENTICATION_TOKEN', '404', GATEWAY_ERRORS.notFound.code],
    ['UNAUTHORIZED', '401', GATEWAY_ERRORS.missingApiKey.code],
    ['INVALID_API_KEY', '401', GATEWAY_ERRORS.invalidApiKey.code],
    ['ACCESS_DENIED', '401', GATEWAY_ERRORS.invalidApiKey.code],
    ['THROTTLED', '429', GATEWAY_ERRORS.throttled.code],
    ['QUOTA_EXCEEDED', '429', GATEWAY_ERRORS.throttled.code],
    ['REQUEST_TOO_LARGE', '413', GATEWAY_ERRORS.payloadTooLarge.code],
    ['DEFAULT_4XX', undefined, GATEWAY_ERRORS.otherClientError.code],
    ['DEFAULT_5XX', '500', GATEWAY_ERRORS.internal.code],
  ])('renders %s as %s %s in the envelope', (type, status, code) => {
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: type,
      StatusCode: status ?? Match.absent(),
      ResponseTemplates: { 'application/json': Match.stringLikeRegexp(`"code":"${code}"`) },
      ResponseParameters: Match.objectLike({
        'gatewayresponse.header.X-Request-Id': 'context.requestId',
        ...(status === '429' ? { 'gatewayresponse.header.Retry-After': "'1'" } : {}),
      }),
    });
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', { ResponseType: type, ResponseTemplates: { 'application/json': requestIdInTemplate } });
  });

  it("has a sandbox and a production usage plan throttling each key, without quota, above the functions' limits", () => {
    template.resourceCountIs('AWS::ApiGateway::UsagePlan', 2);
    const throttle = perKeyThrottle(DEFAULT_GATEWAY_KEY_RATE_PER_SECOND);
    expect(throttle).toEqual({ rateLimit: 100, burstLimit: 300 });
    // The flood guard never refuses what a default limit allows, even all at once.
    expect(throttle.burstLimit).toBeGreaterThanOrEqual(DEFAULT_RUNTIME_SETTINGS.generalPerMinuteProduction);
    for (const environment of ['sandbox', 'production']) {
      template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
        UsagePlanName: `salestax-test-${environment}`,
        Throttle: { BurstLimit: throttle.burstLimit, RateLimit: throttle.rateLimit },
        Quota: Match.absent(),
        ApiStages: [Match.objectLike({ Stage: { Ref: Match.stringLikeRegexp('DeploymentStagelive') } })],
      });
    }
  });

  it('outputs the API URL with its base path, the table names and the queue URLs', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(JSON.stringify(outputs.ApiUrl?.Value)).toContain('/api/v1');
    for (const t of TABLES) expect(outputs[`${t.id}TableName`]).toBeDefined();
    for (const q of QUEUES) expect(outputs[`${q.id}QueueUrl`]).toBeDefined();
  });
});

describe('stacks', () => {
  /** Another stage of the same service with `routes`; its main template, Deployment id and surfaces. */
  const synthRoutes = (extra: readonly RouteDef[]) => {
    const other = new SalesTaxStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'SalesTax-test', { stage: 'test', routes: [...routes, ...extra] });
    const t = Template.fromStack(other);
    return { other, template: t, deploymentId: Object.keys(t.findResources('AWS::ApiGateway::Deployment'))[0]! };
  };
  const deploymentOf = (t: Template) => Object.entries(t.findResources('AWS::ApiGateway::Deployment')) as [string, Resource][];
  const rootResource = { 'Fn::GetAtt': [Object.keys(template.findResources('AWS::ApiGateway::RestApi'))[0]!, 'RootResourceId'] };

  it("builds each compatibility surface's routes in a nested stack of its own, derived from the manifest's base paths", () => {
    expect(stack.surfaces.map((s) => s.base)).toEqual([...new Set(routes.map(surfaceBase).filter(Boolean))]);
    expect(stack.surfaces.map((s) => s.base)).toEqual([TAXJAR_BASE_PATH, AVATAX_BASE_PATH]);
    template.resourceCountIs('AWS::CloudFormation::Stack', stack.surfaces.length);
    const nested = Template.fromStack(taxjarSurface);
    const [baseId, base] = Object.entries(nested.findResources('AWS::ApiGateway::Resource', { Properties: { PathPart: 'taxjar' } }))[0] as [string, Resource];
    expect(inMain(base.Properties.ParentId, taxjarSurface)).toEqual(rootResource);
    // Everything below /taxjar is the nested stack's; the main stack has none of it.
    expect(Object.values(template.findResources('AWS::ApiGateway::Resource')).map((r) => (r as Resource).Properties.PathPart)).not.toContain('taxjar');
    expect(JSON.stringify(nested.findResources('AWS::ApiGateway::Resource'))).toContain(baseId);
  });

  it('gives a new surface its own nested stack with no change to the stack, below the resources the main stack has', () => {
    const surfaceRoutes = ['create', 'adjust'].map((name) => ({
      ...TAXJAR_TAXES,
      id: `v3-transactions-${name}`,
      base: '/api/v3',
      path: `/transactions/${name}`,
      dialect: 'contract' as const,
    }));
    const { other, template: t } = synthRoutes(surfaceRoutes);
    expect(other.surfaces.map((s) => s.base)).toEqual([...stack.surfaces.map((s) => s.base), '/api/v3']);
    const surface = other.surfaces.at(-1)!;
    const nested = Template.fromStack(surface);
    nested.resourceCountIs('AWS::Lambda::Function', 2);
    // /api is the main stack's (the parent of /api/v1): the surface hangs v3 below it.
    const [api] = Object.keys(t.findResources('AWS::ApiGateway::Resource', { Properties: { PathPart: 'api', ParentId: rootResource } }));
    const [v3] = Object.values(nested.findResources('AWS::ApiGateway::Resource', { Properties: { PathPart: 'v3' } })) as Resource[];
    const parameters = (t.toJSON().Resources[other.getLogicalId(surface.nestedStackResource as CfnElement)] as Resource).Properties.Parameters;
    expect(parameters[v3!.Properties.ParentId.Ref]).toEqual({ Ref: api });
  });

  it('refuses routes that would put one path into two stacks, or one route id twice', () => {
    const route = (base: string | undefined, path: string, id = `${base}${path}`) => ({ ...TAXJAR_TAXES, id, base, path });
    expect(() => splitRoutes([route('/compat', '/x'), route('/compat/v2', '/y')])).toThrow(/below base path \/compat/);
    expect(() => splitRoutes([route('/compat', '/x'), route('', '/compat/y')])).toThrow(/below the base path \/compat/);
    expect(() => splitRoutes([route('/api/v1', '/x', 'same'), route('/compat', '/y', 'same')])).toThrow(/defined twice/);
    expect(() => splitRoutes([route('/compat/{id}', '/x')])).toThrow(/static segments/);
    expect(splitRoutes(routes).main).toEqual(mainRoutes);
  });

  it('deploys the API only after every surface stack', () => {
    const [[, deployment]] = deploymentOf(template) as [[string, Resource]];
    for (const surface of stack.surfaces) expect(deployment.DependsOn, surface.base).toContain(stack.getLogicalId(surface.nestedStackResource as CfnElement));
  });

  it("gives the Deployment a new logical id when a surface's routes change, so that the stage serves them", () => {
    const [[today]] = deploymentOf(template) as [[string, Resource]];
    expect(synthRoutes([]).deploymentId).toBe(today);
    const added = { ...TAXJAR_TAXES, id: 'taxjar-added', path: '/v2/added' };
    expect(synthRoutes([added]).deploymentId).not.toBe(today);
  });

  it('leaves the surfaces out when told, so that moving them on an existing stage is two deploys: the second only adds', () => {
    const without = new SalesTaxStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'SalesTax-test', { stage: 'test', withoutSurfaces: true });
    expect(without.surfaces).toEqual([]);
    expect(without.routes).toEqual(mainRoutes);
    const before = Template.fromStack(without).toJSON().Resources as Record<string, Resource & { Type: string }>;
    const after = template.toJSON().Resources as Record<string, Resource>;
    // The new Deployment and the stage pointing at it change; everything else the first deploy left
    // is kept as it is.
    for (const [id, resource] of Object.entries(before))
      if (!['AWS::ApiGateway::Deployment', 'AWS::ApiGateway::Stage'].includes(resource.Type)) expect(after[id], id).toEqual(resource);
  });

  // Replacing any of these loses data or breaks clients: a table's or queue's items, a log group's
  // events, the API's id (its URL), the stage (a second stage of the same name cannot be created),
  // the usage plans (the keys registered with them at runtime). Their ids are those of the stack
  // before the surfaces moved into nested stacks.
  it.each([
    ['AWS::DynamoDB::Table', ['TablesMainBB1D2EBD', 'TablesSummariesE8D156FE', 'TablesIdempotency498FF680', 'TablesUsageA60E9525']],
    [
      'AWS::SQS::Queue',
      [
        'QueuesBatchItemsDlq2F46334E',
        'QueuesBatchItems5C1D4511',
        'QueuesReturnJobItemsDlq041472EF',
        'QueuesReturnJobItems5B17DD66',
        'QueuesWebhookDeliveriesDlqBD712CD7',
        'QueuesWebhookDeliveries700BE975',
        'LogConsumersUsageLogWorkerDlq53A430EA',
      ],
    ],
    ['AWS::Logs::LogGroup', ['FunctionLogsAE28C13D', 'ApiAccessLogs50B185DB', 'ApiExecutionLogsB326CF6B']],
    ['AWS::ApiGateway::RestApi', ['ApiRestApiE35FEAFE']],
    ['AWS::ApiGateway::Stage', ['ApiRestApiDeploymentStageliveAFF7724B']],
    ['AWS::ApiGateway::UsagePlan', ['ApiUsagePlanssandbox8B8EEFBB', 'ApiUsagePlansproductionD941AB01']],
  ])("keeps the logical ids of the main stack's %s resources", (type, ids) => {
    expect(Object.keys(template.findResources(type)).sort()).toEqual([...ids].sort());
    for (const surface of stack.surfaces) Template.fromStack(surface).resourceCountIs(type, 0);
  });
});

describe('monitoring', () => {
  const json = template.toJSON() as { Resources: Record<string, { Type: string; Properties: Record<string, any> }> };
  const ofType = (type: string) => Object.entries(json.Resources).filter(([, r]) => r.Type === type);
  const [topicId] = Object.keys(template.findResources('AWS::SNS::Topic', { Properties: { TopicName: 'salestax-test-alarms' } }));
  const alarm = (name: string) => ofType('AWS::CloudWatch::Alarm').find(([, r]) => r.Properties.AlarmName === `salestax-test-${name}`)?.[1].Properties;

  it('traces every function actively and gives every function the stage metrics namespace, never capturing responses', () => {
    for (const { template: t } of stackTemplates) t.allResourcesProperties('AWS::Lambda::Function', { TracingConfig: { Mode: 'Active' } });
    for (const fn of allResources('AWS::Lambda::Function').filter((r) => r.Properties.FunctionName !== 'salestax-test-authorizer'))
      expect(fn.Properties.Environment.Variables).toMatchObject({ POWERTOOLS_METRICS_NAMESPACE: 'SalesTax/test', POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false' });
  });

  it('has an alarm topic refusing plain HTTP, and an output naming it', () => {
    expect(topicId).toBeDefined();
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
    expect((template.toJSON().Outputs as Record<string, unknown>).AlarmTopicArn).toBeDefined();
  });

  it('alarms on the few things that need a person, each notifying the topic on alarm and on recovery', () => {
    const names = [
      'api-5xx-rate',
      'api-latency-p99',
      'batchitems-queue-age',
      'returnjobitems-queue-age',
      ...QUEUES.map((q) => `${q.id.toLowerCase()}-dlq-not-empty`),
      'usage-log-worker-dlq-not-empty',
      ...['late', 'unreadable', 'implausible', 'failed', 'errors'].map((kind) => `content-refresh-${kind}`),
    ];
    for (const name of names) {
      const props = alarm(name);
      expect(props, name).toBeDefined();
      expect(props!.AlarmActions, name).toEqual([{ Ref: topicId }]);
      expect(props!.OKActions, name).toEqual([{ Ref: topicId }]);
    }
    expect(ofType('AWS::CloudWatch::Alarm')).toHaveLength(names.length);
    const stat = (name: string) => {
      const props = alarm(name)!;
      const metric = props.Metrics?.[0]?.MetricStat;
      return metric
        ? { metric: metric.Metric.MetricName, namespace: metric.Metric.Namespace, stat: metric.Stat, threshold: props.Threshold }
        : { metric: props.MetricName, namespace: props.Namespace, stat: props.Statistic ?? props.ExtendedStatistic, threshold: props.Threshold };
    };
    expect(stat('api-5xx-rate')).toEqual({ metric: '5XXError', namespace: 'AWS/ApiGateway', stat: 'Average', threshold: 0.01 });
    expect(alarm('api-5xx-rate')).toMatchObject({ EvaluationPeriods: 5, DatapointsToAlarm: 3 });
    expect(stat('api-latency-p99')).toEqual({ metric: 'Latency', namespace: 'AWS/ApiGateway', stat: 'p99', threshold: 3000 });
    expect(stat('batchitems-queue-age')).toEqual({ metric: 'ApproximateAgeOfOldestMessage', namespace: 'AWS/SQS', stat: 'Maximum', threshold: 900 });
  });

  it('has a dashboard of the stage: latency p99 per route, 5xx and 4xx rates, throttles, queue age, dead letters, webhook failures, billable units', () => {
    const dashboards = ofType('AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]![1].Properties.DashboardName).toBe('salestax-test');
    const body = JSON.stringify(dashboards[0]![1].Properties.DashboardBody);
    for (const text of [
      'Latency p99 per route',
      "SEARCH('{SalesTax/test,Route,service} MetricName=",
      '5XXError',
      '4XXError',
      'Throttles',
      'ThrottledRequests',
      'ApproximateAgeOfOldestMessage',
      'Dead-letter queue depth',
      'WebhookAttempts',
      'BillableUnits',
    ])
      expect(body, text).toContain(text);
  });

  it('lets routes that write count usage, and read-only routes read it', () => {
    const [usageTable] = Object.keys(template.findResources('AWS::DynamoDB::Table', { Properties: { TableName: 'salestax-test-usage' } }));
    const touches = (routeId: string, action: string) =>
      routeStatements(routeId).some((s) => [s.Action].flat().includes(action) && JSON.stringify(s.Resource).includes(usageTable!));
    expect(touches('transactions-create', 'dynamodb:UpdateItem')).toBe(true);
    expect(touches('calculations-create', 'dynamodb:UpdateItem')).toBe(true);
    expect(touches('usage-get', 'dynamodb:Query')).toBe(true);
    expect(touches('usage-get', 'dynamodb:UpdateItem')).toBe(false);
  });
});

describe('usage journal', () => {
  const [logGroupId] = Object.keys(template.findResources('AWS::Logs::LogGroup', { Properties: { LogGroupName: '/aws/lambda/salestax-test' } }));
  const [workerId, worker] = functionNamed(template, 'salestax-test-usage-log-worker');

  it("subscribes the usage-log worker to the functions' log group, selecting journal lines only", () => {
    template.resourceCountIs('AWS::Logs::SubscriptionFilter', 1);
    template.hasResourceProperties('AWS::Logs::SubscriptionFilter', {
      LogGroupName: { Ref: logGroupId },
      FilterPattern: USAGE_LOG_WORKER.filterPattern,
      DestinationArn: { 'Fn::GetAtt': [workerId, 'Arn'] },
    });
    expect(USAGE_LOG_WORKER.filterPattern).toBe('{ $.usage_unit = 1 }');
    // CloudWatch Logs of this account and log group may invoke it, and nothing else through a permission.
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [workerId, 'Arn'] },
      Principal: 'logs.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [logGroupId, 'Arn'] },
    });
    expect(worker.Properties.LoggingConfig).toEqual({ LogGroup: { Ref: logGroupId } });
  });

  it('retries a failed delivery twice within 6 hours, then keeps it in a dead-letter queue with an alarm', () => {
    const [dlqId] = Object.keys(template.findResources('AWS::SQS::Queue', { Properties: { QueueName: 'salestax-test-usage-log-worker-dlq' } }));
    expect(dlqId).toBeDefined();
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: workerId },
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 6 * 3600,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [dlqId, 'Arn'] } } },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { QueueName: 'salestax-test-usage-log-worker-dlq', SqsManagedSseEnabled: true });
  });

  it('lets the worker write the usage table and touch no other table', () => {
    const tableIds = Object.fromEntries(
      TABLES.map((t) => [
        t.id,
        Object.keys(template.findResources('AWS::DynamoDB::Table', { Properties: { TableName: `salestax-test-${t.id.toLowerCase()}` } }))[0]!,
      ]),
    );
    const statements = roleStatements(template, roleOfFunction(template, 'salestax-test-usage-log-worker'));
    const dynamo = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('dynamodb:')));
    expect(actionsOf(dynamo)).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem']));
    expect(actionsOf(dynamo)).not.toContain('dynamodb:Query');
    const touched = JSON.stringify(dynamo.map((s) => s.Resource));
    for (const [id, logicalId] of Object.entries(tableIds)) expect(touched.includes(logicalId), id).toBe(id === 'Usage');
  });
});

describe('cdk-nag', () => {
  // cdk-nag 3 reports through CDK's policy validation, not annotations: run the pack directly.
  const report = new AwsSolutionsChecks().validateScope(app);
  const findings = (severity: string) =>
    report.violations.filter((v) => v.severity === severity).map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);

  it('leaves no AwsSolutions error unacknowledged', () => {
    expect(findings('error')).toEqual([]);
  });

  it('leaves no AwsSolutions warning unacknowledged', () => {
    expect(findings('warning')).toEqual([]);
  });
});
