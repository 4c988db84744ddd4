// The stack must keep deploying as the service grows. CloudFormation refuses a stack over 500
// resources, each nested stack counted on its own (the compatibility surfaces' routes are in one
// each: lib/constructs/surface-stack.ts); the budget is 400 per stack, so what nobody planned still
// has room. Three checks: today's stacks, today's plus the planned surface and workers, and the
// price of one more route in the main stack and in a surface's (the check that fails first if a
// function gets its own role, log group or Lambda permission again). docs/architecture.md ("The
// stack and its resource budget") explains the design.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { BATCH_ITEMS_QUEUE, QUEUES, type QueueDef, RETURN_JOB_ITEMS_QUEUE } from '../../functions/manifest/resources';
import { BASE_PATH, type HttpMethod, type RouteDef, TAXJAR_BASE_PATH } from '../../functions/manifest/route';
import { ROUTES } from '../../functions/manifest/routes';
import { type AccessProfile, routeAccess } from '../../lib/constructs/access-profiles';
import { surfaceBase, surfaceId } from '../../lib/constructs/surface-stack';
import { acknowledgeNagFindings } from '../../lib/nag-suppressions';
import { PROJECT_ROOT } from '../../lib/paths';
import { SalesTaxStack, type SalesTaxStackProps } from '../../lib/stack';

/** Per stack; CloudFormation's own limit is 500. */
const RESOURCE_BUDGET = 400;
/** IAM: the inline policies of one role together, and one managed policy; whitespace not counted. */
const ROLE_INLINE_POLICY_LIMIT = 10_240;
const MANAGED_POLICY_LIMIT = 6_144;
/** IAM's default quota of managed policies attached to one role. */
const MANAGED_POLICIES_PER_ROLE = 10;

/**
 * Built since the first plan (35 routes, 4 workers, a relay, 4 sending profiles), and so in the
 * stacks themselves now: TaxJar (18 routes, in its nested stack), batches (4), return jobs (4),
 * webhooks (7 routes; one sends to the WebhookDeliveries queue, a new profile), the Streams relay
 * and the API description's 2 public routes. The AvaTax REST v2-compatible surface below /api/v2
 * has its nested stack, with its 404 subtree (a MOCK on each resource without a method and a
 * greedy `{proxy+}`), and part of its routes; the plan still counts 28 more routes on new paths
 * there (one segment without a method, a path per route), more than it lacks. The workers count
 * the stack's queues.
 */
const PLANNED = { surface: { base: '/api/v2', routes: 28, segment: '/companies' }, workers: 4, relays: 0, sendingProfiles: 3 } as const;

type Template = { Resources: Record<string, { Type: string; Properties?: Record<string, any> }> };

/** Synthesizes the app; every stack's template, nested stacks included, by construct path. */
function synthTemplates(app: App): Map<string, Template> {
  const assembly = app.synth();
  const stacks = app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
  return new Map(stacks.map((s) => [s.node.path, JSON.parse(readFileSync(join(assembly.directory, s.templateFile), 'utf8')) as Template]));
}

const resourceCount = (t: Template) => Object.keys(t.Resources).length;
/** `290 + 73 (TaxjarSurface)`: the main stack's count, then each nested stack's. */
const counts = (templates: Map<string, Template>) =>
  [...templates].map(([path, t], i) => (i === 0 ? `${resourceCount(t)}` : `${resourceCount(t)} (${path.slice(path.lastIndexOf('/') + 1)})`)).join(' + ');

/** The feature flags `cdk synth` runs with (cdk.json): minimizePolicies changes how policies split. */
const CDK_CONTEXT = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

function synthService(stage: string, props: Partial<SalesTaxStackProps> = {}): Map<string, Template> {
  // Skips NodejsFunction bundling: only the templates count. Version reporting on, as the CLI has it
  // (one AWS::CDK::Metadata resource per stack).
  const app = new App({ context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [], 'aws:cdk:version-reporting': true } });
  const stack = new SalesTaxStack(app, `SalesTax-${stage}`, { stage, ...props });
  acknowledgeNagFindings(stack);
  return synthTemplates(app);
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'GET', 'POST', 'PATCH', 'DELETE'];

/** Where extra routes go: below /api/v1 (the main stack), or below a surface's base path. */
type Placement = { readonly base: string; readonly dialect?: RouteDef['dialect']; readonly segment?: string };
const MAIN: Placement = { base: BASE_PATH };
const TAXJAR: Placement = { base: TAXJAR_BASE_PATH, dialect: 'taxjar' };
/** The planned routes of the AvaTax surface, in its dialect (with its 404 subtree). */
const PLANNED_SURFACE: Placement = { base: PLANNED.surface.base, dialect: 'avatax', segment: PLANNED.surface.segment };

/**
 * `count` routes below `placement.base` (and its `segment`, if any), each on a path of its own (a
 * new Resource and a new 405 ANY method each, more than today's routes need on average: their 70
 * share 52 paths), with ids as long as the longest of today's (23 characters), served by existing
 * handler modules (bundling is skipped).
 */
function extraRoutes(count: number, placement: Placement, prefix = 'planned-route-number'): RouteDef[] {
  const routes: readonly RouteDef[] = ROUTES;
  return Array.from({ length: count }, (_, i) => {
    const id = `${prefix}-${String(i + 1).padStart(2, '0')}`;
    const model = routes[i % routes.length]!;
    return {
      ...model,
      id,
      method: METHODS[i % METHODS.length]!,
      base: placement.base,
      dialect: placement.dialect,
      path: `${placement.segment ?? ''}/${id}`,
      public: false,
      usageKeys: false,
    };
  });
}

const plannedQueue = (n: number): QueueDef => ({
  id: `PlannedQueue${n}`,
  envVar: `PLANNED_QUEUE_${n}_URL`,
  visibilityTimeoutSeconds: 60,
  maxReceiveCount: 3,
  batchSize: 10,
  worker: 'functions/handlers/gateway/authorizer.ts',
});

/**
 * The planned workers consume the two queues that exist and two new ones; the relay is counted as
 * one more queue and worker (over-counting it by the queue's five resources: queue, dead-letter
 * queue, their two policies, the alarm).
 */
function plannedQueues(): QueueDef[] {
  const newQueues = Array.from({ length: PLANNED.workers - QUEUES.length + PLANNED.relays }, (_, i) => plannedQueue(i + 1));
  return [...QUEUES.map((q) => ({ ...q, worker: q.worker ?? 'functions/handlers/gateway/authorizer.ts' })), ...newQueues];
}

/** The first few planned POST routes each send to a different set of queues: a new profile each. */
function plannedAccess(extra: readonly RouteDef[]): (route: RouteDef) => AccessProfile {
  const sends: string[][] = [[BATCH_ITEMS_QUEUE.id], [RETURN_JOB_ITEMS_QUEUE.id], ['PlannedQueue1'], [BATCH_ITEMS_QUEUE.id, 'PlannedQueue1']];
  const senders = new Map(
    extra
      .filter((r) => r.method === 'POST')
      .slice(0, PLANNED.sendingProfiles)
      .map((r, i) => [r.id, sends[i]!]),
  );
  return (route) => routeAccess({ ...route, sendsTo: [...(route.sendsTo ?? []), ...(senders.get(route.id) ?? [])] });
}

/**
 * The size IAM measures once CloudFormation has resolved the template: pseudo-parameters at their
 * longest, ARNs built from the names in the template (the longest stage name is synthesized).
 */
function resolvedLength(document: unknown, template: Template): number {
  const pseudo: Record<string, string> = {
    'AWS::Partition': 'aws-us-gov',
    'AWS::Region': 'ap-southeast-2',
    'AWS::AccountId': '123456789012',
    'AWS::URLSuffix': 'amazonaws.com',
  };
  const arn = (service: string, resource: string) => `arn:aws-us-gov:${service}:ap-southeast-2:123456789012:${resource}`;
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (!value || typeof value !== 'object') return value;
    const v = value as Record<string, any>;
    if ('Ref' in v) return pseudo[v.Ref] ?? 'x'.repeat(120);
    if ('Fn::Join' in v) return (v['Fn::Join'][1] as unknown[]).map(resolve).join(v['Fn::Join'][0]);
    if ('Fn::GetAtt' in v) {
      const [id] = v['Fn::GetAtt'] as [string, string];
      const { Type, Properties = {} } = template.Resources[id]!;
      if (Type === 'AWS::Lambda::Function') return arn('lambda', `function:${Properties.FunctionName}`);
      if (Type === 'AWS::DynamoDB::Table') return arn('dynamodb', `table/${Properties.TableName}`);
      if (Type === 'AWS::SQS::Queue') return arn('sqs', Properties.QueueName);
      if (Type === 'AWS::Logs::LogGroup') return arn('logs', `log-group:${Properties.LogGroupName}:*`);
      return 'x'.repeat(120);
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x)]));
  };
  return JSON.stringify(resolve(document)).length;
}

/** Each role's resolved inline-policy size (all inline policies together) and its managed policies' sizes. */
function rolePolicySizes(template: Template): Map<string, { inline: number; managed: number[] }> {
  const sizes = new Map<string, { inline: number; managed: number[] }>();
  for (const resource of Object.values(template.Resources)) {
    if (resource.Type !== 'AWS::IAM::Policy' && resource.Type !== 'AWS::IAM::ManagedPolicy') continue;
    const size = resolvedLength(resource.Properties!.PolicyDocument, template);
    for (const role of (resource.Properties!.Roles ?? []) as { Ref: string }[]) {
      const entry = sizes.get(role.Ref) ?? { inline: 0, managed: [] };
      if (resource.Type === 'AWS::IAM::Policy') entry.inline += size;
      else entry.managed.push(size);
      sizes.set(role.Ref, entry);
    }
  }
  return sizes;
}

/** The longest stage name lib/stack.ts accepts (16 characters): the longest resource names. */
const LONGEST_STAGE = 'stage-name-16-ch';

const today = synthService(LONGEST_STAGE);
const plannedRoutes = extraRoutes(PLANNED.surface.routes, PLANNED_SURFACE, 'avatax-planned-route');
const planned = synthService(LONGEST_STAGE, { routes: [...ROUTES, ...plannedRoutes], queues: plannedQueues(), routeAccess: plannedAccess(plannedRoutes) });

describe('resource budget', () => {
  it(`keeps every stack under ${RESOURCE_BUDGET} resources today (${counts(today)} for ${ROUTES.length} routes)`, () => {
    for (const [path, template] of today) expect(resourceCount(template), path).toBeLessThanOrEqual(RESOURCE_BUDGET);
  });

  it(`keeps every stack under ${RESOURCE_BUDGET} with the ${PLANNED.surface.routes} routes of a surface below ${PLANNED.surface.base}, ${PLANNED.workers} workers and a relay (${counts(planned)})`, () => {
    // The planned routes join the surface's nested stack, or make it where it does not exist yet.
    expect(planned.size).toBe(today.size + ((ROUTES as readonly RouteDef[]).some((r) => r.base === PLANNED.surface.base) ? 0 : 1));
    for (const [path, template] of planned) expect(resourceCount(template), path).toBeLessThanOrEqual(RESOURCE_BUDGET);
  });

  it.each([
    ['the main stack', MAIN],
    ["the TaxJar surface's nested stack", TAXJAR],
  ])(
    'charges a route on a new path in %s its function, its method, its path Resource and its 405 method: no role, policy, log group or permission of its own',
    (_, placement) => {
      const added = 10;
      const more = synthService(LONGEST_STAGE, { routes: [...ROUTES, ...extraRoutes(added, placement)] });
      expect([...more.keys()]).toEqual([...today.keys()]);
      const [mainPath] = today.keys();
      const base = surfaceBase(placement);
      const target = base === undefined ? mainPath : `${mainPath}/${surfaceId(base)}`;
      for (const path of today.keys()) {
        const delta = new Map<string, number>();
        for (const [t, sign] of [
          [more.get(path)!, 1],
          [today.get(path)!, -1],
        ] as const) {
          for (const { Type } of Object.values(t.Resources)) delta.set(Type, (delta.get(Type) ?? 0) + sign);
        }
        // An invoke role may need one more managed policy when its inline policy fills up.
        expect(delta.get('AWS::IAM::ManagedPolicy') ?? 0, path).toBeLessThanOrEqual(1);
        delta.delete('AWS::IAM::ManagedPolicy');
        const byType = Object.fromEntries([...delta].filter(([, n]) => n !== 0));
        // All of it in the stack the routes belong to; nothing in the others.
        const expected = { 'AWS::Lambda::Function': added, 'AWS::ApiGateway::Method': 2 * added, 'AWS::ApiGateway::Resource': added };
        expect(byType, path).toEqual(path === target ? expected : {});
      }
    },
  );

  it("keeps every role within IAM's policy size limits, today and with the planned routes", () => {
    // An invoke role names every route function of its stack, about 100 characters each; CDK moves
    // what its inline policy cannot hold into managed policies.
    for (const templates of [today, planned]) {
      for (const template of templates.values()) {
        for (const [role, { inline, managed }] of rolePolicySizes(template)) {
          expect(inline, role).toBeLessThanOrEqual(ROLE_INLINE_POLICY_LIMIT);
          for (const size of managed) expect(size, role).toBeLessThanOrEqual(MANAGED_POLICY_LIMIT);
          expect(managed.length, role).toBeLessThanOrEqual(MANAGED_POLICIES_PER_ROLE);
        }
      }
    }
  });
});
