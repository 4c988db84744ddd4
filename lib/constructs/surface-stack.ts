// A compatibility surface (an API of another provider's shape, such as TaxJar's below /taxjar) in a
// nested stack of its own: its routes' functions, their API Gateway Resources and Methods (with the
// 405 and 404 mocks) and the role API Gateway invokes them with. CloudFormation counts a nested
// stack's resources apart from its parent's, so each surface brings its own 500 and the main stack
// keeps room for /api/v1.
//
// What stays in the main stack and crosses into this one as parameters: the RestApi's id and the
// id of the base path's parent resource, the authorizer's id, the ARNs of the access profiles'
// roles the surface's functions run with, the function log group's name, and the tables' names
// and queues' URLs of the functions' environment. Nothing crosses back: the main stack's
// Deployment depends on this stack and hashes its Resources and Methods into its logical id, as it
// does its own (the surface builds on the RestApi itself, not an imported reference of it).
import { NestedStack } from 'aws-cdk-lib';
import { type IAuthorizer, type IResource, Resource, type RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { BASE_PATH, fullPath, type RouteDef } from '../../functions/manifest/route';
import { ApiRoutes } from './api-routes';
import { RouteFunctions, type RouteFunctionsProps } from './route-functions';

/**
 * The base path of the compatibility surface a route belongs to; undefined for the main stack's
 * routes: the API's own (`BASE_PATH`) and the public pages at the root (`base: ''`).
 */
export function surfaceBase(route: Pick<RouteDef, 'base'>): string | undefined {
  return route.base === undefined || route.base === BASE_PATH || route.base === '' ? undefined : route.base;
}

const STATIC_PATH = /^(\/[A-Za-z0-9._-]+)+$/;

/**
 * The routes split by stack: the main stack's, and each compatibility surface's by base path, in
 * manifest order. Refuses what would put one API Gateway path into two stacks (a surface's base
 * below another's, a main route at or below a surface's base) and route ids used twice.
 */
export function splitRoutes(routes: readonly RouteDef[]): { main: RouteDef[]; surfaces: Map<string, RouteDef[]> } {
  const main: RouteDef[] = [];
  const surfaces = new Map<string, RouteDef[]>();
  const ids = new Set<string>();
  for (const route of routes) {
    if (ids.has(route.id)) throw new Error(`route ${route.id} is defined twice`);
    ids.add(route.id);
    const base = surfaceBase(route);
    if (base === undefined) main.push(route);
    else surfaces.set(base, [...(surfaces.get(base) ?? []), route]);
  }
  const below = (path: string, base: string) => path === base || path.startsWith(`${base}/`);
  for (const base of surfaces.keys()) {
    if (!STATIC_PATH.test(base)) throw new Error(`base path ${base} must be /-separated static segments`);
    const other = [...surfaces.keys()].find((b) => b !== base && below(b, base));
    if (other) throw new Error(`base path ${other} is below base path ${base}: each surface needs a subtree of its own`);
    const inMain = main.find((r) => below(fullPath(r), base));
    if (inMain) throw new Error(`route ${inMain.id} (${fullPath(inMain)}) is below the base path ${base} of a surface`);
  }
  return { main, surfaces };
}

/** A surface's construct id from its base path: `/taxjar` → `TaxjarSurface`, `/api/v2` → `ApiV2Surface`. */
export function surfaceId(base: string): string {
  const words = base.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return `${words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')}Surface`;
}

/** The parent path of a base path: `/taxjar` → `''` (the API's root), `/api/v2` → `/api`. */
export const parentPath = (base: string): string => base.slice(0, base.lastIndexOf('/'));

export interface SurfaceStackProps {
  /** The surface's base path, e.g. `/taxjar`. */
  readonly base: string;
  readonly routes: readonly RouteDef[];
  readonly restApi: RestApi;
  /** The resource of the base path's parent, in the main stack (the API's root for `/taxjar`). */
  readonly parent: IResource;
  readonly authorizer: IAuthorizer;
  /** As the main stack's route functions have them: the same profiles' roles, log group and environment. */
  readonly functions: Omit<RouteFunctionsProps, 'routes'>;
}

export class SurfaceStack extends NestedStack {
  readonly base: string;
  readonly routeFunctions: RouteFunctions;
  /**
   * API Gateway invokes this surface's functions with this role, allowed lambda:InvokeFunction on
   * exactly them. A role per surface rather than more policies on the main stack's: those would
   * name functions of this stack (outputs back into the parent), and all the inline policies of a
   * role share one size limit.
   */
  readonly invokeRole: Role;
  readonly routes: ApiRoutes;

  constructor(scope: Construct, id: string, props: SurfaceStackProps) {
    super(scope, id, { description: `The routes below ${props.base}: their functions, API Gateway resources and methods` });
    this.base = props.base;
    this.routeFunctions = new RouteFunctions(this, 'Routes', { ...props.functions, routes: props.routes });
    this.invokeRole = new Role(this, 'InvokeRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: `API Gateway invokes the route functions of ${props.functions.namePrefix} below ${props.base} with this role`,
    });
    const root = new Resource(this, 'Base', { parent: props.parent, pathPart: props.base.slice(props.base.lastIndexOf('/') + 1) });
    this.routes = new ApiRoutes({
      root,
      rootPath: props.base,
      routes: props.routes,
      functions: new Map([...this.routeFunctions.byRoute].map(([routeId, fn]) => [routeId, fn.fn])),
      authorizer: props.authorizer,
      invokeRole: this.invokeRole,
    });
    // The methods make the deployment depend on this stack already; a surface must never serve
    // before its functions and invoke role exist, so say it outright.
    const deployment = props.restApi.latestDeployment;
    if (!deployment) throw new Error('the REST API must deploy itself (its Deployment hashes the surfaces)');
    deployment.node.addDependency(this);
  }
}
