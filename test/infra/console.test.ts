// The operations console on AWS: one public GET /console method on its own function, which reads no
// data, with the page's built script and style copied next to its bundle; and that bundle, built as
// Lambda runs it, answers the page with the policy that admits exactly its code.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../functions/manifest/route';
import { ROUTES } from '../../functions/manifest/routes';
import { CONSOLE_GET } from '../../functions/manifest/routes/public';
import { nodejsBundling } from '../../lib/bundling';
import { lambdaContext, proxyEvent } from '../../lib/local/api-gateway';
import { acknowledgeNagFindings } from '../../lib/nag-suppressions';
import { SalesTaxStack } from '../../lib/stack';
import { isWebAsset, WEB_BUNDLES } from '../../lib/web-assets';
import { bundleAll } from '../../scripts/bundle';

/** What active tracing lets every function do (send its trace segments to X-Ray): no data access. */
const TRACE_WRITES = new Set(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']);

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new SalesTaxStack(app, 'SalesTax-test', { stage: 'test' });
acknowledgeNagFindings(stack);
const template = Template.fromStack(stack);

type Resource = { Properties: Record<string, any>; Metadata?: Record<string, any> };
const resources = (type: string) => Object.entries(template.findResources(type)) as [string, Resource][];

describe('the console in the stack', () => {
  const [functionId, fn] = resources('AWS::Lambda::Function').find(([, r]) => r.Properties.FunctionName === 'salestax-test-console-get')!;
  const [resourceId] = resources('AWS::ApiGateway::Resource').find(([, r]) => r.Properties.PathPart === 'console')!;
  const methods = resources('AWS::ApiGateway::Method').filter(([, m]) => JSON.stringify(m.Properties.ResourceId) === JSON.stringify({ Ref: resourceId }));

  it('has a function of its own on Node.js 22', () => {
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Handler: 'index.handler', Architectures: ['arm64'] });
  });

  it('answers GET /console at the API root without authorizer or usage key, through its function', () => {
    const get = methods.find(([, m]) => m.Properties.HttpMethod === 'GET')![1];
    expect(get.Properties).toMatchObject({ AuthorizationType: 'NONE', ApiKeyRequired: false, Integration: { Type: 'AWS_PROXY' } });
    expect(JSON.stringify(get.Properties.Integration.Uri)).toContain(functionId);
    // Other methods get the 405 mock, like every path.
    expect(methods.map(([, m]) => m.Properties.HttpMethod).sort()).toEqual(['ANY', 'GET']);
    template.hasResourceProperties('AWS::ApiGateway::Resource', {
      PathPart: 'console',
      ParentId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Api'), 'RootResourceId'] },
    });
  });

  it("has a role that may touch no table, queue or key: the page's data comes from API calls made with the user's key", () => {
    const role = fn.Properties.Role['Fn::GetAtt'][0];
    const policies = [...resources('AWS::IAM::Policy'), ...resources('AWS::IAM::ManagedPolicy')].filter(([, p]) =>
      (p.Properties.Roles as unknown[]).some((r) => JSON.stringify(r) === JSON.stringify({ Ref: role })),
    );
    const actions = policies.flatMap(([, p]) => p.Properties.PolicyDocument.Statement.flatMap((s: { Action: string | string[] }) => [s.Action].flat()));
    expect(actions.filter((a: string) => !a.startsWith('logs:') && !TRACE_WRITES.has(a))).toEqual([]);
  });

  it("acknowledges cdk-nag's missing-authorization finding for the public method, and only that one", () => {
    const onConsole = (checked: App) =>
      new AwsSolutionsChecks()
        .validateScope(checked)
        .violations.filter((v) => v.violatingResources.some((r) => r.constructPath?.includes('/console/')))
        .map((v) => v.ruleName);
    const bare = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    new SalesTaxStack(bare, 'SalesTax-test', { stage: 'test' });
    expect(onConsole(bare)).toContain('AwsSolutions-APIG4');
    expect(onConsole(app)).toEqual([]);
  });
});

describe('the console bundle', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'stx-console-bundle-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('builds its web files before NodejsFunction copies them, and only for routes that ship them', () => {
    const hooks = nodejsBundling({ content: false, files: CONSOLE_GET.files }).commandHooks!;
    expect(hooks.beforeBundling('/in', '/out')).toEqual(['cd "/in" && npx --no-install tsx scripts/build-web.ts']);
    expect(hooks.afterBundling('/in', '/out')).toEqual([
      'cp -R "/in/.build/web/console.js" "/out/console.js"',
      'cp -R "/in/.build/web/console.css" "/out/console.css"',
    ]);
    for (const route of ROUTES as readonly RouteDef[])
      if (!route.files?.some(isWebAsset))
        expect(nodejsBundling({ content: false, files: route.files }).commandHooks!.beforeBundling('/in', '/out'), route.id).toEqual([]);
    // Every web file a route ships is the output of a web bundle.
    const outputs = WEB_BUNDLES.flatMap((b) => [b.script, b.style]);
    for (const file of (ROUTES as readonly RouteDef[]).flatMap((r) => r.files ?? []).filter(isWebAsset)) expect(outputs).toContain(file);
  });

  it('is built as Lambda runs it and serves the page with the hashes of its inlined code', async () => {
    const [built] = await bundleAll({ only: 'console-get', outDir });
    const dir = join(outDir, 'console-get');
    expect(existsSync(join(dir, 'console.js')) && existsSync(join(dir, 'console.css'))).toBe(true);
    const { handler } = (await import(pathToFileURL(built!.file).href)) as {
      handler: (event: unknown, context: unknown) => Promise<APIGatewayProxyResult>;
    };
    const request = { method: 'GET', url: new URL('http://localhost/console'), headers: {}, rawHeaders: [], body: '', sourceIp: '127.0.0.1' };
    const answer = await handler(proxyEvent(request, CONSOLE_GET, null, 'req-1', 'live'), lambdaContext(CONSOLE_GET, 'test'));
    expect(answer.statusCode).toBe(200);
    const script = /<script>([\s\S]*)<\/script>/.exec(answer.body)![1]!;
    const digest = createHash('sha256').update(script, 'utf8').digest('base64');
    expect(String(answer.headers!['Content-Security-Policy'])).toContain(`script-src 'sha256-${digest}'`);
    expect(answer.headers).toMatchObject({ 'X-Request-Id': 'req-1', 'Content-Type': 'text/html; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  });
});
