// The REST API with its stage, authorizer, the envelope for API Gateway's own errors and the usage
// plans, and the methods of the routes the main stack serves (lib/constructs/api-routes.ts). The
// compatibility surfaces add theirs from nested stacks (lib/constructs/surface-stack.ts).
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import {
  AccessLogField,
  AccessLogFormat,
  ApiKeySourceType,
  type CfnAuthorizer,
  LogGroupLogDestination,
  MethodLoggingLevel,
  RequestAuthorizer,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { BASE_PATH, type RouteDef } from '../../functions/manifest/route';
import { ApiRoutes } from './api-routes';
import { addGatewayResponses } from './gateway-responses';
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
  /** The routes of the main stack: every route but the compatibility surfaces'. */
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
  /** The methods of the main stack's routes. */
  readonly routes: ApiRoutes;
  /**
   * The role API Gateway invokes the main stack's route functions with (the integrations'
   * credentials), allowed lambda:InvokeFunction on exactly those functions. It replaces a Lambda
   * permission per function: one role and one policy for every route, where permissions cost the
   * stack one resource each. Each compatibility surface has its own (lib/constructs/surface-stack.ts).
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
    this.routes = new ApiRoutes({
      root: this.restApi.root,
      rootPath: '',
      routes: props.routes,
      functions: props.routeFunctions,
      authorizer: this.authorizer,
      invokeRole: this.invokeRole,
    });
    addGatewayResponses(this.restApi);
    this.usagePlans = new UsagePlans(this, 'UsagePlans', { namePrefix: props.namePrefix, api: this.restApi, keyRatePerSecond: props.gatewayKeyRatePerSecond });
  }

  /** The base URL clients use, e.g. https://…/live/api/v1. */
  get baseUrl(): string {
    return this.restApi.urlForPath(BASE_PATH);
  }
}
