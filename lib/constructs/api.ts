// The REST API: one method per route behind the usage-key authorizer, a 405 answer for every other
// method on a route's path, the envelope for API Gateway's own errors, and the usage plans.
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import {
  AccessLogField,
  AccessLogFormat,
  ApiKeySourceType,
  AuthorizationType,
  AwsIntegration,
  type CfnAuthorizer,
  LogGroupLogDestination,
  type Method,
  MethodLoggingLevel,
  MockIntegration,
  RequestAuthorizer,
  Resource,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { BASE_PATH, fullPath, type RouteDef } from '../../functions/manifest/route';
import { GATEWAY_ERRORS, type GatewayError, gatewayErrorBody, taxjarGatewayErrorBody } from '../gateway-errors';
import { addGatewayResponses, REQUEST_ID_IN_TEMPLATE, REQUEST_ID_MAPPING } from './gateway-responses';
import { UsagePlans } from './usage-plans';

export const API_STAGE_NAME = 'live';

/**
 * Stage-wide default, applied to each method across all keys: keeps one flooded route from taking
 * the region's whole Lambda concurrency. Per-key limits come from the usage plans.
 */
const STAGE_THROTTLE = { rateLimit: 200, burstLimit: 400 };

// Never the usage identifier ($context.identity.apiKey): it is the hash that API Gateway keys hold.
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: AccessLogField.contextRequestId(),
    extendedRequestId: AccessLogField.contextExtendedRequestId(),
    requestTime: AccessLogField.contextRequestTime(),
    ip: AccessLogField.contextIdentitySourceIp(),
    userAgent: AccessLogField.contextIdentityUserAgent(),
    httpMethod: AccessLogField.contextHttpMethod(),
    resourcePath: AccessLogField.contextResourcePath(),
    path: AccessLogField.contextPath(),
    status: AccessLogField.contextStatus(),
    responseLength: AccessLogField.contextResponseLength(),
    responseLatency: AccessLogField.contextResponseLatency(),
    integrationLatency: AccessLogField.contextIntegrationLatency(),
    authorizerError: AccessLogField.contextAuthorizerError(),
    errorType: AccessLogField.contextErrorResponseType(),
    errorMessage: AccessLogField.contextErrorMessage(),
  }),
);

export interface ApiProps {
  readonly namePrefix: string;
  readonly routes: readonly RouteDef[];
  /** By route id. */
  readonly routeFunctions: ReadonlyMap<string, IFunction>;
  readonly authorizerFunction: IFunction;
  /** Per-key steady rate of the usage plans' flood guard (requests per second). */
  readonly gatewayKeyRatePerSecond: number;
  readonly removalPolicy: RemovalPolicy;
}

export class Api extends Construct {
  readonly restApi: RestApi;
  readonly authorizer: RequestAuthorizer;
  readonly usagePlans: UsagePlans;
  /** The routes' methods, by route id. */
  readonly routeMethods = new Map<string, Method>();
  /** The unauthenticated MOCK methods answering 405. */
  readonly methodNotAllowed: Method[] = [];
  /** The unauthenticated MOCK methods answering 404 in TaxJar's shape below its base path. */
  readonly taxjarNotFound: Method[] = [];
  /**
   * The role API Gateway invokes the route functions with (the integrations' credentials), allowed
   * lambda:InvokeFunction on exactly those functions. It replaces a Lambda permission per function:
   * one role and one policy for every route, where permissions cost the stack one resource each.
   */
  readonly invokeRole: Role;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/apigateway/${props.namePrefix}-access`,
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.removalPolicy,
    });
    this.restApi = new RestApi(this, 'RestApi', {
      restApiName: `${props.namePrefix}-api`,
      description: 'US sales-tax API',
      // The authorizer returns the usage identifier (the key hash); clients never send API Gateway keys.
      apiKeySourceType: ApiKeySourceType.AUTHORIZER,
      // API Gateway needs an account-level role to write execution logs. CDK keeps that role on
      // stack deletion (the setting is regional and other APIs may rely on it).
      cloudWatchRole: true,
      deployOptions: {
        stageName: API_STAGE_NAME,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat: ACCESS_LOG_FORMAT,
        loggingLevel: MethodLoggingLevel.INFO,
        // Request and response bodies carry taxpayer data: never in execution logs.
        dataTraceEnabled: false,
        metricsEnabled: true,
        throttlingRateLimit: STAGE_THROTTLE.rateLimit,
        throttlingBurstLimit: STAGE_THROTTLE.burstLimit,
      },
    });
    // Created ahead of API Gateway, which would otherwise create it with no retention.
    const executionLogs = new LogGroup(this, 'ExecutionLogs', {
      logGroupName: `API-Gateway-Execution-Logs_${this.restApi.restApiId}/${API_STAGE_NAME}`,
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.removalPolicy,
    });
    this.restApi.deploymentStage.node.addDependency(executionLogs);

    this.authorizer = new RequestAuthorizer(this, 'UsageKeyAuthorizer', {
      authorizerName: `${props.namePrefix}-usage-key`,
      handler: props.authorizerFunction,
      // Each request names its own usage key, so nothing may be cached. Without caching API Gateway
      // makes identity sources optional, and CDK accepts none only with a zero TTL. Any identity
      // source would make API Gateway answer 401 itself whenever that one header is absent, but a
      // key may come in either Authorization or X-Api-Key: the authorizer reads both.
      resultsCacheTtl: Duration.seconds(0),
      identitySources: [],
    });
    // CDK renders no identity sources as an empty string; send none at all, as the API documents.
    (this.authorizer.node.defaultChild as CfnAuthorizer).addPropertyDeletionOverride('IdentitySource');

    this.invokeRole = new Role(this, 'InvokeRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: `API Gateway invokes the route functions of ${props.namePrefix} with this role`,
    });
    // A new route's method must not serve before its function may be invoked.
    this.restApi.deploymentStage.node.addDependency(this.invokeRole);
    this.addRoutes(props.routes, props.routeFunctions);
    addGatewayResponses(this.restApi);
    this.usagePlans = new UsagePlans(this, 'UsagePlans', { namePrefix: props.namePrefix, api: this.restApi, keyRatePerSecond: props.gatewayKeyRatePerSecond });
  }

  /** The base URL clients use, e.g. https://…/live/api/v1. */
  get baseUrl(): string {
    return this.restApi.urlForPath(BASE_PATH);
  }

  private addRoutes(routes: readonly RouteDef[], functions: ReadonlyMap<string, IFunction>): void {
    // Paths sharing segments share Resources: resourceForPath reuses existing children.
    const methodsByResource = new Map<Resource, string[]>();
    const dialects = new Map<Resource, RouteDef['dialect']>();
    for (const route of routes) {
      const fn = functions.get(route.id);
      if (!fn) throw new Error(`no function for route ${route.id}`);
      const resource = this.restApi.root.resourceForPath(fullPath(route));
      // The API description answers without a key: no authorizer, no usage plan.
      const method = resource.addMethod(
        route.method,
        this.lambdaProxy(fn),
        route.public
          ? { authorizationType: AuthorizationType.NONE, apiKeyRequired: false }
          : { authorizationType: AuthorizationType.CUSTOM, authorizer: this.authorizer, apiKeyRequired: true },
      );
      this.routeMethods.set(route.id, method);
      methodsByResource.set(resource, [...(methodsByResource.get(resource) ?? []), route.method]);
      dialects.set(resource, route.dialect);
    }
    // API Gateway prefers an explicit method over ANY, so ANY catches exactly the unsupported ones.
    // One per path: the 405 carries that path's Allow header.
    for (const [resource, methods] of methodsByResource) {
      this.methodNotAllowed.push(
        resource.addMethod('ANY', errorMock(GATEWAY_ERRORS.methodNotAllowed, dialects.get(resource) === 'taxjar', methods), {
          authorizationType: AuthorizationType.NONE,
          apiKeyRequired: false,
          methodResponses: [{ statusCode: '405', responseParameters: { 'method.response.header.X-Request-Id': true, 'method.response.header.Allow': true } }],
        }),
      );
    }
    this.addTaxjarNotFound(routes, methodsByResource);
  }

  /**
   * Gateway responses are per API, so API Gateway's own 404 for a path no resource matches
   * (MISSING_AUTHENTICATION_TOKEN) has the API's error envelope. Below the TaxJar base path a
   * TaxJar client expects TaxJar's shape: a greedy `{proxy+}` resource there and every resource of
   * that subtree without a method of its own (`/taxjar`, `/taxjar/v2`, …) answer 404 in it from a
   * MOCK.
   */
  private addTaxjarNotFound(routes: readonly RouteDef[], methodsByResource: ReadonlyMap<Resource, readonly string[]>): void {
    const bases = new Set(routes.filter((r) => r.dialect === 'taxjar' && r.base).map((r) => r.base!));
    const options = {
      authorizationType: AuthorizationType.NONE,
      apiKeyRequired: false,
      methodResponses: [{ statusCode: '404', responseParameters: { 'method.response.header.X-Request-Id': true } }],
    };
    for (const base of bases) {
      const root = this.restApi.root.resourceForPath(base);
      const bare: Resource[] = [];
      const walk = (resource: Resource) => {
        if (!methodsByResource.has(resource)) bare.push(resource);
        for (const child of resource.node.children) if (child instanceof Resource) walk(child);
      };
      walk(root as Resource);
      const proxy = root.addResource('{proxy+}');
      for (const resource of [...bare, proxy]) this.taxjarNotFound.push(resource.addMethod('ANY', errorMock(GATEWAY_ERRORS.notFound, true), options));
    }
  }

  /**
   * A Lambda proxy integration, as LambdaIntegration builds it, but invoked with the API's invoke
   * role instead of a Lambda permission per function (LambdaIntegration always adds one).
   */
  private lambdaProxy(fn: IFunction): AwsIntegration {
    // A statement per function, not one growing statement: CDK moves what exceeds the role's inline
    // policy limit into managed policies statement by statement (an extra resource every few dozen
    // routes), which it cannot do with a single statement.
    this.invokeRole.addToPrincipalPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
    return new AwsIntegration({
      proxy: true,
      service: 'lambda',
      path: `2015-03-31/functions/${fn.functionArn}/invocations`,
      options: { credentialsRole: this.invokeRole },
    });
  }
}

/**
 * API Gateway picks a mock's request template by Content-Type (application/json when none is sent),
 * so the common types all map to the 405: a wrong method is answered whatever the body.
 */
const MOCK_CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'text/xml',
  'application/octet-stream',
];

/** A MOCK answering `error` in the envelope (or TaxJar's shape) with X-Request-Id, and `Allow` for a 405. */
function errorMock(error: GatewayError, taxjar: boolean, allowed?: readonly string[]): MockIntegration {
  return new MockIntegration({
    requestTemplates: Object.fromEntries(MOCK_CONTENT_TYPES.map((type) => [type, `{"statusCode": ${error.statusCode}}`])),
    integrationResponses: [
      {
        // No selection pattern: the default response, whatever the mock returns.
        statusCode: String(error.statusCode),
        responseTemplates: { 'application/json': taxjar ? taxjarGatewayErrorBody(error) : gatewayErrorBody(error, REQUEST_ID_IN_TEMPLATE) },
        // Integration responses list `context.<name>` among their documented mapping sources.
        responseParameters: {
          'method.response.header.X-Request-Id': REQUEST_ID_MAPPING,
          ...(allowed ? { 'method.response.header.Allow': `'${allowed.join(', ')}'` } : {}),
        },
      },
    ],
  });
}
