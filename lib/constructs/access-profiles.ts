// Execution roles shared by access profile. A profile is everything a function may touch; functions
// with equal profiles get the same role, so the stack holds one role and one policy per profile
// rather than per function (CloudFormation refuses a stack over 500 resources: see test/infra/
// resource-budget.test.ts). Least privilege holds per profile: a role carries exactly the rights its
// profile names and the profile is derived from what the function does, so sharing a role never
// widens what a function may do; it only means functions that may do the same things share one
// principal.
import { Aws } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { type IRole, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { CONTENT_STORE, IDEMPOTENCY_TABLE, MAIN_TABLE, SUMMARY_TABLE, USAGE_TABLE } from '../../functions/manifest/resources';
import type { RouteDef } from '../../functions/manifest/route';
import type { Queues } from './queues';
import type { Tables } from './tables';

/**
 * Partition-key prefix of the fixed-window rate counters (rateCounterEntity.key in
 * functions/adapters/dynamodb/entities/rate-counter.ts). Every request, reads included, counts itself there.
 */
export const RATE_COUNTER_KEY_PREFIX = 'RATE#';

/**
 * Partition keys of the quarters' month records of economic nexus (monthSalesEntity.key in
 * functions/adapters/dynamodb/entities/month-sales.ts): GET /nexus brings one level with its
 * summaries the first time it reads it, so reads may update those items and no other summary.
 */
export const MONTH_RECORD_KEY_PATTERN = 'SUM#*#~month-sales#*';

/**
 * Partition of the deployment's own secrets (deploymentSecretEntity.key), made on first use by
 * whichever function needs one first: a list's cursor key may be created by a read-only route.
 */
export const DEPLOYMENT_SECRET_PARTITION = 'DEPLOYMENT';

export interface AccessProfile {
  /**
   * The Main table: `none` (the authorizer), `read` (reads, plus UpdateItem on the rate counters
   * only), `write` (read and write); `usage`: none of the Main table, writes to the usage table
   * only (the usage-log worker).
   */
  readonly data: 'none' | 'read' | 'write' | 'usage';
  /** Read and write the idempotency table. */
  readonly idempotency: boolean;
  /** Register and disable API Gateway usage-plan keys (functions/adapters/apigateway/usage-keys.ts). */
  readonly usageKeys: boolean;
  /** Queue ids (functions/manifest/resources.ts) the function sends to: sqs:SendMessage on those queues only. */
  readonly sendsTo: readonly string[];
  /** Queue ids the function consumes (a queue worker). */
  readonly consumes: readonly string[];
  /** Table ids whose stream the function reads (a stream consumer). */
  readonly streams: readonly string[];
  /**
   * The content bucket (lib/constructs/content-store.ts): `read` the pointer and the artifacts (a
   * function that reloads the tax content), `publish` everything under the content prefix (the
   * scheduled refresh).
   */
  readonly content: 'none' | 'read' | 'publish';
}

const NO_ACCESS: AccessProfile = { data: 'none', idempotency: false, usageKeys: false, sendsTo: [], consumes: [], streams: [], content: 'none' };

export function accessProfile(profile: Partial<AccessProfile>): AccessProfile {
  return { ...NO_ACCESS, ...profile };
}

/**
 * What a route's function may touch, from its manifest entry: GET routes read (and count their
 * rate), other methods write; POST routes are idempotent (functions/shared/http/handler.ts); usage-key
 * routes administer API Gateway keys; a route may send to the queues its entry names (`sendsTo`).
 */
export function routeAccess(route: Pick<RouteDef, 'method' | 'usageKeys' | 'sendsTo' | 'data' | 'public' | 'content'>): AccessProfile {
  // The API description reads only the files shipped with it: the authorizer's profile, no data.
  if (route.public) return accessProfile({});
  return accessProfile({
    data: route.data ?? (route.method === 'GET' ? 'read' : 'write'),
    idempotency: route.method === 'POST',
    usageKeys: route.usageKeys ?? false,
    sendsTo: route.sendsTo ?? [],
    // A function that uses the tax content reloads it from the content bucket.
    content: route.content ? 'read' : 'none',
  });
}

const pascal = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The profile's key, also its construct id: equal keys ⇔ equal rights. Queue ids are sorted, so
 * the order a route lists them in does not make a new role. E.g. `Read`, `WriteIdempotencyUsageKeys`,
 * `WriteIdempotencySendBatchItems`, `WriteConsumeBatchItems`, `NoData`.
 */
export function profileKey(profile: AccessProfile): string {
  const sorted = (ids: readonly string[]) => [...new Set(ids)].sort();
  return [
    profile.data === 'none' ? 'NoData' : pascal(profile.data),
    profile.idempotency ? 'Idempotency' : '',
    profile.usageKeys ? 'UsageKeys' : '',
    ...sorted(profile.sendsTo).map((id) => `Send${pascal(id)}`),
    ...sorted(profile.consumes).map((id) => `Consume${pascal(id)}`),
    ...sorted(profile.streams ?? []).map((id) => `Stream${pascal(id)}`),
    profile.content === 'none' ? '' : `${pascal(profile.content)}Content`,
  ].join('');
}

export interface AccessProfilesProps {
  readonly tables: Tables;
  readonly queues: Queues;
  /** The log group every function of the stage writes to (lib/constructs/service-function.ts). */
  readonly logGroup: ILogGroup;
  readonly contentBucket: IBucket;
}

export interface ProfileRole {
  readonly profile: AccessProfile;
  readonly role: Role;
}

/** One role per distinct profile, created on first use. */
export class AccessProfiles extends Construct {
  /** By profile key. */
  readonly byKey = new Map<string, ProfileRole>();
  private readonly props: AccessProfilesProps;

  constructor(scope: Construct, id: string, props: AccessProfilesProps) {
    super(scope, id);
    this.props = props;
  }

  roleFor(profile: AccessProfile): IRole {
    const key = profileKey(profile);
    const existing = this.byKey.get(key);
    if (existing) return existing.role;
    const role = new Role(this, key, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Lambda execution role of the functions with access profile ${key}`,
    });
    this.grant(profile, role);
    this.byKey.set(key, { profile, role });
    return role;
  }

  private grant(profile: AccessProfile, role: Role): void {
    const { tables, queues, logGroup } = this.props;
    // In place of the AWSLambdaBasicExecutionRole managed policy (which allows any log group).
    logGroup.grantWrite(role);
    const main = tables.get(MAIN_TABLE.id);
    // The return summaries go with the documents: read with them, written in their transactions.
    const summaries = tables.get(SUMMARY_TABLE.id);
    // Metered usage: written in the transactions of what it counts, and from the usage journal.
    const usage = tables.get(USAGE_TABLE.id);
    if (profile.data === 'read') {
      main.grantReadData(role);
      summaries.grantReadData(role);
      usage.grantReadData(role);
      // Their rate counters, the deployment's secrets (a conditional Put) and the nexus month records.
      grantKeyed(role, main, 'UpdateItem', 'StringLike', `${RATE_COUNTER_KEY_PREFIX}*`);
      grantKeyed(role, main, 'PutItem', 'StringEquals', DEPLOYMENT_SECRET_PARTITION);
      grantKeyed(role, summaries, 'UpdateItem', 'StringLike', MONTH_RECORD_KEY_PATTERN);
    }
    if (profile.data === 'write') {
      main.grantReadWriteData(role);
      summaries.grantReadWriteData(role);
      usage.grantReadWriteData(role);
    }
    if (profile.data === 'usage') usage.grantWriteData(role);
    if (profile.idempotency) tables.get(IDEMPOTENCY_TABLE.id).grantReadWriteData(role);
    if (profile.usageKeys) grantUsageKeyAdministration(role);
    for (const queueId of profile.sendsTo) queues.get(queueId).queue.grantSendMessages(role);
    for (const queueId of profile.consumes) queues.get(queueId).queue.grantConsumeMessages(role);
    for (const tableId of profile.streams ?? []) tables.get(tableId).grantStreamRead(role);
    if (profile.content !== 'none') grantContent(this.props.contentBucket, profile.content, role);
  }
}

/**
 * Readers get the pointer and the artifacts, and may list the pointer's own key only (so a pointer
 * not yet published answers 404, not 403); the refresh reads and writes below the content prefix
 * and lists it (the source files it kept).
 */
function grantContent(bucket: IBucket, access: 'read' | 'publish', role: Role): void {
  const objects =
    access === 'read'
      ? [bucket.arnForObjects(CONTENT_STORE.pointerKey), bucket.arnForObjects(`${CONTENT_STORE.artifactPrefix}*`)]
      : [bucket.arnForObjects(`${CONTENT_STORE.prefix}*`)];
  role.addToPrincipalPolicy(new PolicyStatement({ actions: access === 'read' ? ['s3:GetObject'] : ['s3:GetObject', 's3:PutObject'], resources: objects }));
  role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [bucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': [access === 'read' ? CONTENT_STORE.pointerKey : `${CONTENT_STORE.prefix}*`] } },
    }),
  );
}

/**
 * Read-only routes may still `action` the items of `table` whose partition key `test` matches
 * (`StringLike` or `StringEquals` on `keys`), and nothing else there.
 */
function grantKeyed(role: Role, table: Table, action: string, test: 'StringLike' | 'StringEquals', keys: string): void {
  role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: [`dynamodb:${action}`],
      resources: [table.tableArn],
      conditions: { [`ForAllValues:${test}`]: { 'dynamodb:LeadingKeys': [keys] } },
    }),
  );
}

/** Exactly the calls of functions/adapters/apigateway/usage-keys.ts, in this region's API Gateway. */
const apiGatewayArn = (path: string): string => `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}::${path}`;

function grantUsageKeyAdministration(role: Role): void {
  const statements = [
    // CreateApiKey, CreateUsagePlanKey. Plan ids cannot be named here: the plans depend on the API
    // stage, which depends on these functions (usage-keys.ts finds the plans by name instead).
    new PolicyStatement({ actions: ['apigateway:POST'], resources: [apiGatewayArn('/apikeys'), apiGatewayArn('/usageplans/*/keys')] }),
    // GetUsagePlans
    new PolicyStatement({ actions: ['apigateway:GET'], resources: [apiGatewayArn('/usageplans')] }),
    // UpdateApiKey (disable on revocation)
    new PolicyStatement({ actions: ['apigateway:PATCH'], resources: [apiGatewayArn('/apikeys/*')] }),
  ];
  for (const statement of statements) role.addToPrincipalPolicy(statement);
}
