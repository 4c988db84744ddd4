// One function per route of functions/manifest/routes (never shared between routes). Each runs with the role of
// its access profile (lib/constructs/access-profiles.ts), so it has only the rights its route needs.
import { Duration } from 'aws-cdk-lib';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type RouteDef, routeEntry } from '../../functions/manifest/route';
import { type AccessProfile, type AccessProfiles, routeAccess } from './access-profiles';
import { ServiceFunction } from './service-function';

/** API Gateway REST integrations time out after 29 s; a longer function would only be cut off. */
export const MAX_ROUTE_TIMEOUT_SECONDS = 29;

export interface RouteFunctionsProps {
  readonly namePrefix: string;
  readonly environment: Record<string, string>;
  readonly routes: readonly RouteDef[];
  readonly profiles: AccessProfiles;
  readonly logGroup: LogGroup;
  /** A route's access profile; `routeAccess` unless a caller knows more (e.g. queues it sends to). */
  readonly access?: (route: RouteDef) => AccessProfile;
}

export class RouteFunctions extends Construct {
  /** By route id. */
  readonly byRoute = new Map<string, ServiceFunction>();
  /** Each route's access profile, by route id. */
  readonly profileByRoute = new Map<string, AccessProfile>();

  constructor(scope: Construct, id: string, props: RouteFunctionsProps) {
    super(scope, id);
    const access = props.access ?? ((route: RouteDef) => routeAccess(route));
    for (const route of props.routes) {
      const timeoutSeconds = route.timeoutSeconds ?? MAX_ROUTE_TIMEOUT_SECONDS;
      if (timeoutSeconds > MAX_ROUTE_TIMEOUT_SECONDS) throw new Error(`route ${route.id}: timeout above ${MAX_ROUTE_TIMEOUT_SECONDS} s`);
      if (this.byRoute.has(route.id)) throw new Error(`route ${route.id} is defined twice`);
      const profile = access(route);
      const fn = new ServiceFunction(this, route.id, {
        functionName: `${props.namePrefix}-${route.id}`,
        entry: routeEntry(route),
        content: route.content,
        files: route.files,
        environment: props.environment,
        timeout: Duration.seconds(timeoutSeconds),
        memorySize: route.memoryMb,
        role: props.profiles.roleFor(profile),
        logGroup: props.logGroup,
      });
      this.byRoute.set(route.id, fn);
      this.profileByRoute.set(route.id, profile);
    }
  }
}
