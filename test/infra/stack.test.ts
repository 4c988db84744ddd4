// The synthesized stack, checked without AWS and without bundling.
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { tableKeys } from '../../functions/adapters/dynamodb/table-keys';
import { QueueWorkers } from '../../lib/constructs/queue-workers';
import { Queues } from '../../lib/constructs/queues';
import { RATE_COUNTER_KEY_PREFIX } from '../../lib/constructs/route-functions';
import { Tables } from '../../lib/constructs/tables';
import { DEFAULT_GATEWAY_KEY_RATE_PER_SECOND, perKeyThrottle } from '../../lib/constructs/usage-plans';
import { GATEWAY_ERRORS } from '../../lib/gateway-errors';
import { acknowledgeNagFindings } from '../../lib/nag-suppressions';
import { BATCH_ITEMS_QUEUE, QUEUES, TABLES } from '../../lib/resources';
import { ROUTES, type RouteDef } from '../../lib/routes';
import { DEFAULT_RUNTIME_SETTINGS } from '../../lib/runtime-settings';
import { SalesTaxStack } from '../../lib/stack';

const synth = (stage: string) => {
  // Skips NodejsFunction bundling: these tests read the template, not the code.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new SalesTaxStack(app, `SalesTax-${stage}`, { stage });
  acknowledgeNagFindings(stack);
  return { app, stack, template: Template.fromStack(stack) };
};

const { app, template } = synth('test');
const routes: readonly RouteDef[] = ROUTES;
const workers = QUEUES.filter((q) => q.worker);
const requestIdInTemplate = Match.stringLikeRegexp('"request_id":"\\$context\\.requestId"');

/** The IAM policy statements of the function serving a route. */
function routeStatements(routeId: string): Record<string, unknown>[] {
  const policies = template.findResources('AWS::IAM::Policy');
  const entry = Object.entries(policies).find(([logicalId]) => logicalId.startsWith(`Routes${routeId.replaceAll('-', '')}Role`));
  if (!entry) throw new Error(`no policy for ${routeId}`);
  return (entry[1] as { Properties: { PolicyDocument: { Statement: Record<string, unknown>[] } } }).Properties.PolicyDocument.Statement;
}
const actionsOf = (statements: Record<string, unknown>[]) => statements.flatMap((s) => [s.Action].flat() as string[]);

describe('functions', () => {
  it('has one function per route, one per queue worker and the authorizer', () => {
    template.resourceCountIs('AWS::Lambda::Function', routes.length + workers.length + 1);
  });

  it('runs every function on Node.js 22, arm64', () => {
    template.allResourcesProperties('AWS::Lambda::Function', { Runtime: 'nodejs22.x', Architectures: ['arm64'] });
  });

  it.each(routes.map((r) => [r.id, r] as const))('configures %s from its route', (_, route) => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: `salestax-test-${route.id}`,
      Handler: 'index.handler',
      MemorySize: route.memoryMb ?? 512,
      Timeout: route.timeoutSeconds ?? 29,
      Environment: {
        Variables: Match.objectLike({
          TABLE_NAME: { Ref: Match.stringLikeRegexp('^TablesMain') },
          IDEMPOTENCY_TABLE_NAME: { Ref: Match.stringLikeRegexp('^TablesIdempotency') },
          USAGE_PLAN_NAME_PREFIX: 'salestax-test',
          STX_STAGE: 'test',
        }),
      },
      LoggingConfig: { LogGroup: Match.anyValue() },
    });
  });

  it('gives each function its own log group, kept one month', () => {
    template.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: '/aws/lambda/salestax-test-config-get', RetentionInDays: 30 });
    const functionLogGroups = Object.values(template.findResources('AWS::Logs::LogGroup')).filter((g) =>
      String((g as { Properties: { LogGroupName?: string } }).Properties.LogGroupName).startsWith('/aws/lambda/'),
    );
    expect(functionLogGroups).toHaveLength(routes.length + workers.length + 1);
  });
});

describe('least privilege', () => {
  it('lets read-only routes update nothing but their rate counters', () => {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const statements = routeStatements(route.id);
      expect(actionsOf(statements)).not.toContain('dynamodb:PutItem');
      const updates = statements.filter((s) => [s.Action].flat().includes('dynamodb:UpdateItem'));
      expect(updates).toEqual([
        expect.objectContaining({ Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${RATE_COUNTER_KEY_PREFIX}*`] } } }),
      ]);
    }
  });

  it('uses the partition-key prefix of the real rate counters', () => {
    expect(tableKeys.rateCounter('key', 'general', 0).PK.startsWith(RATE_COUNTER_KEY_PREFIX)).toBe(true);
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
      expect(actions.filter((a) => a.startsWith('apigateway:')), route.id).toEqual(expected);
    }
  });

  it('uses no AWS managed policy for functions', () => {
    const roles = Object.entries(template.findResources('AWS::IAM::Role')).filter(([id]) => !id.includes('CloudWatchRole'));
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

  it('feeds a worker from its queue in batches that may partly fail', () => {
    // No queue has a worker yet: give one a stand-in entry (bundling is skipped, the code never runs).
    const stack = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Workers');
    const common = { namePrefix: 'salestax-test', removalPolicy: RemovalPolicy.DESTROY };
    const tables = new Tables(stack, 'Tables', { ...common, deletionProtection: false });
    const queues = new Queues(stack, 'Queues', common);
    const def = { ...BATCH_ITEMS_QUEUE, worker: 'functions/authorizer/handler.ts' };
    queues.byId.set(def.id, { ...queues.get(def.id), def });
    new QueueWorkers(stack, 'Workers', { ...common, environment: {}, tables, queues });
    const workers = Template.fromStack(stack);
    workers.hasResourceProperties('AWS::Lambda::Function', { FunctionName: 'salestax-test-batchitems-worker', Timeout: def.visibilityTimeoutSeconds / 6 });
    workers.hasResourceProperties('AWS::Lambda::EventSourceMapping', { BatchSize: def.batchSize, FunctionResponseTypes: ['ReportBatchItemFailures'] });
  });

  it('refuses plain-HTTP access to every queue', () => {
    template.resourceCountIs('AWS::SQS::QueuePolicy', QUEUES.length * 2);
    template.allResourcesProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });
});

describe('api', () => {
  const methods = () => Object.values(template.findResources('AWS::ApiGateway::Method')) as { Properties: Record<string, any> }[];

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

  it('puts every route behind the authorizer and a usage key', () => {
    const routeMethods = methods().filter((m) => m.Properties.HttpMethod !== 'ANY');
    expect(routeMethods.map((m) => m.Properties.HttpMethod).sort()).toEqual(routes.map((r) => r.method).sort());
    for (const m of routeMethods) {
      expect(m.Properties).toMatchObject({ AuthorizationType: 'CUSTOM', ApiKeyRequired: true, Integration: { Type: 'AWS_PROXY' } });
      expect(m.Properties.AuthorizerId).toBeDefined();
    }
  });

  it('answers 405 through an ANY MOCK method on every route path', () => {
    const anyMethods = methods().filter((m) => m.Properties.HttpMethod === 'ANY');
    expect(anyMethods).toHaveLength(new Set(routes.map((r) => r.path)).size);
    for (const m of anyMethods) {
      expect(m.Properties).toMatchObject({ AuthorizationType: 'NONE', ApiKeyRequired: false, Integration: { Type: 'MOCK' } });
      const [response] = m.Properties.Integration.IntegrationResponses;
      expect(response.StatusCode).toBe('405');
      expect(response.ResponseTemplates['application/json']).toContain(`"code":"${GATEWAY_ERRORS.methodNotAllowed.code}"`);
      expect(response.ResponseTemplates['application/json']).toContain('"request_id":"$context.requestId"');
      expect(response.ResponseParameters['method.response.header.X-Request-Id']).toBe('context.requestId');
    }
  });

  it('shares resources between paths with common segments', () => {
    const paths = new Set(routes.flatMap((r) => `/api/v1${r.path}`.split('/').slice(1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
    template.resourceCountIs('AWS::ApiGateway::Resource', paths.size);
  });

  it.each([
    ['MISSING_AUTHENTICATION_TOKEN', '404', GATEWAY_ERRORS.notFound.code],
    ['UNAUTHORIZED', '401', GATEWAY_ERRORS.missingApiKey.code],
    ['INVALID_API_KEY', '401', GATEWAY_ERRORS.invalidApiKey.code],
    ['ACCESS_DENIED', '401', GATEWAY_ERRORS.invalidApiKey.code],
    ['THROTTLED', '429', GATEWAY_ERRORS.throttled.code],
    ['QUOTA_EXCEEDED', '429', GATEWAY_ERRORS.throttled.code],
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

  it('has a sandbox and a production usage plan throttling each key, without quota, above the functions\' limits', () => {
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
