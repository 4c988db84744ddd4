// One function per route of lib/routes.ts (never shared, so each has only the rights its route needs).
import { Aws, Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { IDEMPOTENCY_TABLE, MAIN_TABLE } from '../resources';
import { ROUTES, type RouteDef } from '../routes';
import type { Queues } from './queues';
import { ServiceFunction } from './service-function';
import type { Tables } from './tables';

/** API Gateway REST integrations time out after 29 s; a longer function would only be cut off. */
export const MAX_ROUTE_TIMEOUT_SECONDS = 29;

/**
 * Partition-key prefix of the fixed-window rate counters (keys.rateCounter in
 * functions/adapters/dynamodb/keys.ts). Every request, reads included, counts itself there.
 */
export const RATE_COUNTER_KEY_PREFIX = 'RATE#';

export interface RouteFunctionsProps {
  readonly namePrefix: string;
  readonly environment: Record<string, string>;
  readonly tables: Tables;
  readonly queues: Queues;
  readonly removalPolicy: RemovalPolicy;
}

export class RouteFunctions extends Construct {
  /** By route id. */
  readonly byRoute = new Map<string, ServiceFunction>();

  constructor(scope: Construct, id: string, props: RouteFunctionsProps) {
    super(scope, id);
    const routes: readonly RouteDef[] = ROUTES;
    for (const route of routes) {
      const timeoutSeconds = route.timeoutSeconds ?? MAX_ROUTE_TIMEOUT_SECONDS;
      if (timeoutSeconds > MAX_ROUTE_TIMEOUT_SECONDS) throw new Error(`route ${route.id}: timeout above ${MAX_ROUTE_TIMEOUT_SECONDS} s`);
      const fn = new ServiceFunction(this, route.id, {
        functionName: `${props.namePrefix}-${route.id}`,
        entry: route.entry,
        content: route.content,
        environment: props.environment,
        timeout: Duration.seconds(timeoutSeconds),
        memorySize: route.memoryMb,
        removalPolicy: props.removalPolicy,
      });
      grantRouteAccess(route, fn.fn, props);
      this.byRoute.set(route.id, fn);
    }
  }
}

function grantRouteAccess(route: RouteDef, grantee: IGrantable, { tables, queues }: RouteFunctionsProps): void {
  const main = tables.get(MAIN_TABLE.id);
  if (route.method === 'GET') {
    main.grantReadData(grantee);
    grantRateCounting(main, grantee);
  } else {
    main.grantReadWriteData(grantee);
  }
  // Powertools idempotency guards POST requests only (functions/shared/http/handler.ts).
  if (route.method === 'POST') tables.get(IDEMPOTENCY_TABLE.id).grantReadWriteData(grantee);
  if (route.usageKeys) grantUsageKeyAdministration(grantee);
}

/** Read-only routes may still update their rate counters, and nothing else. */
function grantRateCounting(main: Table, grantee: IGrantable): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['dynamodb:UpdateItem'],
      resources: [main.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${RATE_COUNTER_KEY_PREFIX}*`] } },
    }),
  );
}

/** Exactly the calls of functions/adapters/apigateway/usage-keys.ts, in this region's API Gateway. */
const apiGatewayArn = (path: string): string => `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}::${path}`;

function grantUsageKeyAdministration(grantee: IGrantable): void {
  const statements = [
    // CreateApiKey, CreateUsagePlanKey. Plan ids cannot be named here: the plans depend on the API
    // stage, which depends on these functions (usage-keys.ts finds the plans by name instead).
    new PolicyStatement({ actions: ['apigateway:POST'], resources: [apiGatewayArn('/apikeys'), apiGatewayArn('/usageplans/*/keys')] }),
    // GetUsagePlans
    new PolicyStatement({ actions: ['apigateway:GET'], resources: [apiGatewayArn('/usageplans')] }),
    // UpdateApiKey (disable on revocation)
    new PolicyStatement({ actions: ['apigateway:PATCH'], resources: [apiGatewayArn('/apikeys/*')] }),
  ];
  for (const statement of statements) grantee.grantPrincipal.addToPrincipalPolicy(statement);
}
