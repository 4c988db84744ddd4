// The methods of a set of routes below one resource of the REST API: one method per route behind the
// usage-key authorizer (or open, for a public page), a 405 answer for every other method on a
// route's path, and TaxJar's 404 below its base path. The main stack builds its routes from the
// API's root; a compatibility surface's nested stack (lib/constructs/surface-stack.ts) builds its
// own below the resource of its base path, so its Resources and Methods live in its template.
import { AuthorizationType, AwsIntegration, type IAuthorizer, type IResource, type Method, MockIntegration, Resource } from 'aws-cdk-lib/aws-apigateway';
import { PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { type ErrorDialect, fullPath, type RouteDef } from '../../functions/manifest/route';
import { GATEWAY_ERRORS, type GatewayError, gatewayErrorBody, gatewayErrorFor } from '../gateway-errors';
import { REQUEST_ID_IN_TEMPLATE, REQUEST_ID_MAPPING } from './gateway-responses';

export interface ApiRoutesProps {
  /** The resource the routes' paths start from: the API's root, or a surface's base-path resource. */
  readonly root: IResource;
  /** The full path of `root` as clients call it: `''` for the API's root, e.g. `/taxjar`. */
  readonly rootPath: string;
  readonly routes: readonly RouteDef[];
  /** By route id. */
  readonly functions: ReadonlyMap<string, IFunction>;
  readonly authorizer: IAuthorizer;
  /**
   * The role API Gateway invokes these routes' functions with (the integrations' credentials); it
   * is granted lambda:InvokeFunction on exactly those functions here.
   */
  readonly invokeRole: Role;
}

export class ApiRoutes {
  /** The routes' methods, by route id. */
  readonly routeMethods = new Map<string, Method>();
  /** The unauthenticated MOCK methods answering 405. */
  readonly methodNotAllowed: Method[] = [];
  /** The unauthenticated MOCK methods answering 404 in TaxJar's shape below its base path. */
  readonly surfaceNotFound: Method[] = [];
  private readonly props: ApiRoutesProps;

  constructor(props: ApiRoutesProps) {
    this.props = props;
    // Paths sharing segments share Resources: resourceForPath reuses existing children.
    const methodsByResource = new Map<IResource, string[]>();
    const dialects = new Map<IResource, RouteDef['dialect']>();
    for (const route of props.routes) {
      const fn = props.functions.get(route.id);
      if (!fn) throw new Error(`no function for route ${route.id}`);
      const resource = props.root.resourceForPath(this.relativePath(fullPath(route)));
      // The API description answers without a key, and a route whose key is optional answers
      // without one too: no authorizer, no usage plan.
      const method = resource.addMethod(
        route.method,
        this.lambdaProxy(fn),
        route.public || route.optionalKey
          ? { authorizationType: AuthorizationType.NONE, apiKeyRequired: false }
          : { authorizationType: AuthorizationType.CUSTOM, authorizer: props.authorizer, apiKeyRequired: true },
      );
      this.routeMethods.set(route.id, method);
      methodsByResource.set(resource, [...(methodsByResource.get(resource) ?? []), route.method]);
      dialects.set(resource, route.dialect);
    }
    // API Gateway prefers an explicit method over ANY, so ANY catches exactly the unsupported ones.
    // One per path: the 405 carries that path's Allow header.
    for (const [resource, methods] of methodsByResource) {
      this.methodNotAllowed.push(
        resource.addMethod('ANY', errorMock(GATEWAY_ERRORS.methodNotAllowed, dialects.get(resource), methods), {
          authorizationType: AuthorizationType.NONE,
          apiKeyRequired: false,
          methodResponses: [{ statusCode: '405', responseParameters: { 'method.response.header.X-Request-Id': true, 'method.response.header.Allow': true } }],
        }),
      );
    }
    this.addSurfaceNotFound(methodsByResource);
  }

  /** A full path below `root`, relative to it (`/taxjar/v2/taxes` below `/taxjar`: `v2/taxes`). */
  private relativePath(path: string): string {
    const { rootPath } = this.props;
    if (path !== rootPath && !path.startsWith(`${rootPath}/`)) throw new Error(`path ${path} is not below ${rootPath || 'the API root'}`);
    return path.slice(rootPath.length).replace(/^\//, '');
  }

  /**
   * Gateway responses are per API, so API Gateway's own 404 for a path no resource matches
   * (MISSING_AUTHENTICATION_TOKEN) has the API's error envelope. Below a compatible API's base path
   * its clients expect its shape (TaxJar's, AvaTax's): a greedy `{proxy+}` resource there and every
   * resource of that subtree without a method of its own (`/taxjar`, `/taxjar/v2`, …) answer 404 in
   * it from a MOCK.
   */
  private addSurfaceNotFound(methodsByResource: ReadonlyMap<IResource, readonly string[]>): void {
    const bases = new Map(
      this.props.routes.filter((r) => r.dialect !== undefined && r.dialect !== 'contract' && r.base).map((r) => [r.base!, r.dialect!] as const),
    );
    const options = {
      authorizationType: AuthorizationType.NONE,
      apiKeyRequired: false,
      methodResponses: [{ statusCode: '404', responseParameters: { 'method.response.header.X-Request-Id': true } }],
    };
    for (const [base, dialect] of bases) {
      const root = this.props.root.resourceForPath(this.relativePath(base));
      const bare: IResource[] = [];
      const walk = (resource: IResource) => {
        if (!methodsByResource.has(resource)) bare.push(resource);
        for (const child of resource.node.children) if (child instanceof Resource) walk(child);
      };
      walk(root);
      const proxy = root.addResource('{proxy+}');
      for (const resource of [...bare, proxy]) this.surfaceNotFound.push(resource.addMethod('ANY', errorMock(GATEWAY_ERRORS.notFound, dialect), options));
    }
  }

  /**
   * A Lambda proxy integration, as LambdaIntegration builds it, but invoked with the invoke role
   * instead of a Lambda permission per function (LambdaIntegration always adds one).
   */
  private lambdaProxy(fn: IFunction): AwsIntegration {
    const { invokeRole } = this.props;
    // A statement per function, not one growing statement: CDK moves what exceeds the role's inline
    // policy limit into managed policies statement by statement (an extra resource every few dozen
    // routes), which it cannot do with a single statement.
    invokeRole.addToPrincipalPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
    return new AwsIntegration({
      proxy: true,
      service: 'lambda',
      path: `2015-03-31/functions/${fn.functionArn}/invocations`,
      options: { credentialsRole: invokeRole },
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

/** A MOCK answering `error` in the shape of `dialect` with X-Request-Id, and `Allow` for a 405. */
function errorMock(error: GatewayError, dialect: ErrorDialect | undefined, allowed?: readonly string[]): MockIntegration {
  const body = dialect === undefined || dialect === 'contract' ? gatewayErrorBody(error, REQUEST_ID_IN_TEMPLATE) : gatewayErrorFor(error, '', dialect);
  return new MockIntegration({
    requestTemplates: Object.fromEntries(MOCK_CONTENT_TYPES.map((type) => [type, `{"statusCode": ${error.statusCode}}`])),
    integrationResponses: [
      {
        // No selection pattern: the default response, whatever the mock returns.
        statusCode: String(error.statusCode),
        responseTemplates: { 'application/json': body },
        // Integration responses list `context.<name>` among their documented mapping sources.
        responseParameters: {
          'method.response.header.X-Request-Id': REQUEST_ID_MAPPING,
          ...(allowed ? { 'method.response.header.Allow': `'${allowed.join(', ')}'` } : {}),
        },
      },
    ],
  });
}
