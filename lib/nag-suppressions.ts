// Every cdk-nag (AwsSolutions) finding the stack keeps, each acknowledged on the narrowest construct
// with the reason it stays. cdk-nag 3 acknowledges through CDK's Validations (NagSuppressions is
// gone) and matches each finding id exactly, `Rule[finding]` included.
import { type CfnElement, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { CONTENT_STORE, MAIN_TABLE } from '../functions/manifest/resources';
import { CONSOLE_GET } from '../functions/manifest/routes/public';
import type { ApiRoutes } from './constructs/api-routes';
import type { SalesTaxStack } from './stack';

const acknowledge = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });

/** How cdk-nag spells a resource ARN built from the partition and region pseudo-parameters. */
const apiGatewayFinding = (path: string) => `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:apigateway:<AWS::Region>::${path}]`;

export function acknowledgeNagFindings(stack: SalesTaxStack): void {
  acknowledge(
    stack,
    'AwsSolutions-L1',
    'nodejs22.x is the runtime the service is specified, bundled (esbuild target node22) and tested for; moving to a newer runtime is a deliberate upgrade, not a lint fix.',
  );

  const main = stack.tables.get(MAIN_TABLE.id);
  const mainLogicalId = stack.getLogicalId(main.node.defaultChild as CfnElement);
  // The functions' roles are the access profiles' (lib/constructs/access-profiles.ts).
  acknowledge(
    stack.profiles,
    `AwsSolutions-IAM5[Resource::<${mainLogicalId}.Arn>/index/*]`,
    "The table grants also cover the Main table's own global secondary indexes (GSI1 serves the listing queries); the wildcard names indexes of that one table only.",
  );

  // Active tracing (lib/constructs/service-function.ts) gives every function's role X-Ray's write actions.
  const xray =
    'xray:PutTraceSegments and xray:PutTelemetryRecords (added by active tracing, so the functions can send their trace segments) have no resource-level permissions in IAM; they read nothing.';
  for (const { profile, role } of stack.profiles.byKey.values()) {
    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      profile.streams.length > 0
        ? `dynamodb:ListStreams (which the DynamoDB event source needs) has no resource-level permissions; the stream's read actions (DescribeStream, GetRecords, GetShardIterator) name the table's stream ARN. ${xray}`
        : xray,
    );
    if (profile.content !== 'none') {
      const bucket = stack.getLogicalId(stack.content.bucket.node.defaultChild as CfnElement);
      acknowledge(
        role,
        `AwsSolutions-IAM5[Resource::<${bucket}.Arn>/${profile.content === 'read' ? CONTENT_STORE.artifactPrefix : CONTENT_STORE.prefix}*]`,
        profile.content === 'read'
          ? 'Artifacts are named by the build id of their bytes, known only when the refresh publishes one; the wildcard covers that prefix of the content bucket, read-only.'
          : "The refresh writes artifacts named by their build id and keeps the publishers' files it changed, named after them: both known only when it runs; the wildcard covers the content prefix of the stage's own bucket.",
      );
    }
    if (!profile.usageKeys) continue;
    acknowledge(
      role,
      apiGatewayFinding('/usageplans/*/keys'),
      "CreateUsagePlanKey on this region's plans: the plan ids cannot be named in the policy, because the plans depend on the API stage, which depends on these functions (a cycle); usage-keys.ts finds the plans by name.",
    );
    acknowledge(
      role,
      apiGatewayFinding('/apikeys/*'),
      'UpdateApiKey disables the gateway twin of a revoked key; those keys are created at runtime, so their ids cannot be known at deploy time.',
    );
  }

  for (const { deadLetterQueue } of stack.logConsumers.byId.values())
    acknowledge(
      deadLetterQueue,
      'AwsSolutions-SQS3',
      "This queue is itself a dead letter: the usage-log worker's failure destination, holding CloudWatch Logs deliveries that failed every attempt, with an alarm on its depth; nothing consumes it to fail again.",
    );

  acknowledge(
    stack.content.bucket,
    'AwsSolutions-S1',
    "The content bucket holds public rate data written by the stage's refresh function alone; every version is kept (versioning), and the function logs each publication with its build. Server access logs would need a second bucket to record reads of public data.",
  );

  const api = stack.api.restApi;
  acknowledge(
    api,
    'AwsSolutions-APIG2',
    "Each function validates its request (headers, query, body) with valibot schemas and answers with the API's error envelope; API Gateway validators would duplicate the schemas and answer in another format.",
  );
  acknowledge(
    api.node.findChild('CloudWatchRole'),
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
    "The account-level role API Gateway writes execution logs with (cloudWatchRole: true) uses AWS's documented policy for that purpose; it serves every REST API of the account and region.",
  );
  acknowledge(
    api.deploymentStage,
    'AwsSolutions-APIG3',
    "No WAF web ACL yet: usage-plan throttling per key and the functions' exact rate limits bound abuse per key. A WAFv2 web ACL (IP reputation, per-IP rate rule) is left to production hardening: it is billed per request and needs tuning against real traffic.",
  );

  // The main stack's routes and each compatibility surface's, in its nested stack.
  for (const routes of [stack.api.routes, ...stack.surfaces.map((s) => s.routes)]) acknowledgeRouteMethods(stack, routes);
}

function acknowledgeRouteMethods(stack: SalesTaxStack, routes: ApiRoutes): void {
  for (const method of routes.routeMethods.values()) {
    acknowledge(
      method,
      'AwsSolutions-COG4',
      'Clients hold API keys of the service, not Cognito identities: a Lambda REQUEST authorizer maps each key to its usage-plan key, and the function authenticates the key itself.',
    );
  }
  for (const route of stack.routes.filter((r) => r.public || r.optionalKey)) {
    const method = routes.routeMethods.get(route.id);
    if (method)
      acknowledge(
        method,
        'AwsSolutions-APIG4',
        route.optionalKey
          ? 'The route answers whether the credentials sent work (AvaTax clients check their settings with it), so it must answer without a key: the function authenticates a key it is given and reads nothing else.'
          : route.id === CONSOLE_GET.id
            ? "The operations console's page is public: it holds no data and reads none (its function has no data access); in the browser it signs in with an API key and every figure comes from API calls made with that key, behind the authorizer."
            : 'The API description (OpenAPI document and reference page) is public by design: it answers without a key, reads no data and counts in no rate-limit bucket.',
      );
  }
  for (const method of routes.methodNotAllowed) {
    const reason =
      "The MOCK method answering 405 for unsupported methods reaches no backend and returns a fixed error body; like API Gateway's own 404, it answers before authentication.";
    acknowledge(method, 'AwsSolutions-APIG4', reason);
    acknowledge(method, 'AwsSolutions-COG4', reason);
  }
  for (const method of routes.surfaceNotFound) {
    const reason =
      "The MOCK method answering 404 in a compatible API's error shape (TaxJar's, AvaTax's) for a path no route has below its base path reaches no backend and returns a fixed error body, as API Gateway's own 404 would before authentication.";
    acknowledge(method, 'AwsSolutions-APIG4', reason);
    acknowledge(method, 'AwsSolutions-COG4', reason);
  }
}
