// The content bucket and the scheduled refresh on AWS (lib/constructs/content-store.ts): a
// versioned private bucket; the refresh's windows around each quarter's turn, its rights (the
// bucket, nothing of the tables) and its alarms; the functions that use the tax content read the
// pointer and the artifacts only, and the others nothing of the bucket.
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { CONTENT_REFRESH_METRICS, CONTENT_STORE } from '../../functions/manifest/resources';
import { CALCULATIONS_CREATE } from '../../functions/manifest/routes/calculations';
import { CONTENT_REFRESH_FILES, nodejsBundling } from '../../lib/bundling';
import { CONTENT_REFRESH_ALARMS, CONTENT_VERSIONS_KEPT_DAYS } from '../../lib/constructs/content-store';
import { SalesTaxStack } from '../../lib/stack';

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new SalesTaxStack(app, 'SalesTax-content', { stage: 'test', withoutSurfaces: true });
const template = Template.fromStack(stack);
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const bucketId = stack.getLogicalId(stack.content.bucket.node.defaultChild as never);

const fnNamed = (name: string) => ofType('AWS::Lambda::Function').find(([, r]) => r.Properties.FunctionName === name)![1];
/** Every statement of the policies attached to the role of function `name`. */
function statementsOf(name: string): Record<string, any>[] {
  const roleId = fnNamed(name).Properties.Role['Fn::GetAtt'][0];
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}
const s3Statements = (name: string) => statementsOf(name).filter((s) => [s.Action].flat().some((a: string) => a.startsWith('s3:')));
const objectArn = (key: string) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${key}`]] });

describe('the content bucket', () => {
  it('is versioned, encrypted, private, refuses plain HTTP and keeps superseded versions a year', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LifecycleConfiguration: { Rules: [{ NoncurrentVersionExpiration: { NoncurrentDays: CONTENT_VERSIONS_KEPT_DAYS }, Status: 'Enabled' }] },
    });
    const policy = ofType('AWS::S3::BucketPolicy')[0]![1].Properties.PolicyDocument.Statement;
    expect(policy).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
  });

  it('is named to every function, and a content function may read the pointer and the artifacts only', () => {
    expect(fnNamed(`salestax-test-${CALCULATIONS_CREATE.id}`).Properties.Environment.Variables[CONTENT_STORE.envVar]).toEqual({ Ref: bucketId });
    expect(s3Statements(`salestax-test-${CALCULATIONS_CREATE.id}`)).toEqual([
      expect.objectContaining({ Action: 's3:GetObject', Resource: [objectArn(CONTENT_STORE.pointerKey), objectArn(`${CONTENT_STORE.artifactPrefix}*`)] }),
      expect.objectContaining({ Action: 's3:ListBucket', Condition: { StringLike: { 's3:prefix': [CONTENT_STORE.pointerKey] } } }),
    ]);
    expect(s3Statements('salestax-test-batchitems-worker')).toHaveLength(2);
    for (const name of ['salestax-test-keys-list', 'salestax-test-sweeper', 'salestax-test-authorizer']) expect(s3Statements(name), name).toEqual([]);
  });
});

describe('the scheduled refresh', () => {
  const name = 'salestax-test-content-refresh';

  it("runs daily around each quarter's turn", () => {
    const schedules = ofType('AWS::Events::Rule')
      .map(([, r]) => r.Properties.ScheduleExpression as string)
      .filter((e) => e.startsWith('cron('))
      .sort();
    expect(schedules).toEqual(['cron(0 6 1-10 JAN,APR,JUL,OCT ? *)', 'cron(0 6 15-31 MAR,JUN,SEP,DEC ? *)']);
  });

  it('ships the data folder, names the bucket and the stage, and may touch the content prefix and nothing of the tables', () => {
    expect(nodejsBundling({ content: false, files: CONTENT_REFRESH_FILES }).commandHooks?.afterBundling('/in', '/out')).toEqual([
      'cp -R "/in/data" "/out/data"',
    ]);
    const fn = fnNamed(name).Properties;
    expect(fn.Timeout).toBe(900);
    expect(fn.Environment.Variables).toMatchObject({ [CONTENT_STORE.envVar]: { Ref: bucketId }, STX_STAGE: 'test' });
    const actions = statementsOf(name).flatMap((s) => [s.Action].flat() as string[]);
    expect(actions.filter((a) => a.startsWith('dynamodb:') || a.startsWith('sqs:'))).toEqual([]);
    expect(s3Statements(name)).toEqual([
      expect.objectContaining({ Action: ['s3:GetObject', 's3:PutObject'], Resource: objectArn(`${CONTENT_STORE.prefix}*`) }),
      expect.objectContaining({ Action: 's3:ListBucket', Condition: { StringLike: { 's3:prefix': [`${CONTENT_STORE.prefix}*`] } } }),
    ]);
  });

  const alarms = ofType('AWS::CloudWatch::Alarm')
    .map(([, r]) => r.Properties)
    .filter((a) => String(a.AlarmName).startsWith('salestax-test-content-refresh-'));

  it('alarms on a late, unreadable or refused file and on a failed run, per stage, to the alarm topic', () => {
    expect(alarms).toHaveLength(CONTENT_REFRESH_ALARMS.metrics.length + 1);
    for (const metric of CONTENT_REFRESH_ALARMS.metrics) {
      const alarm = alarms.find((a) => a.MetricName === metric)!;
      expect(alarm, metric).toMatchObject({
        Namespace: CONTENT_REFRESH_METRICS.namespace,
        Dimensions: expect.arrayContaining([
          { Name: 'Stage', Value: 'test' },
          { Name: 'service', Value: 'salestax' },
        ]),
        Statistic: 'Sum',
        Period: CONTENT_REFRESH_ALARMS.periodHours * 3600,
        Threshold: CONTENT_REFRESH_ALARMS.threshold,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
      });
      expect(alarm.AlarmActions).toHaveLength(1);
    }
    expect(alarms.find((a) => a.MetricName === 'Errors')).toMatchObject({ Namespace: 'AWS/Lambda' });
  });

  it('alarms on a late file only once it is late on consecutive daily runs, and on the others at once', () => {
    const late = CONTENT_REFRESH_ALARMS.lateRuns;
    expect(late).toBeGreaterThan(1);
    // CloudWatch refuses an alarm evaluating more than seven days.
    expect(late * CONTENT_REFRESH_ALARMS.periodHours).toBeLessThanOrEqual(7 * 24);
    expect(alarms.find((a) => a.MetricName === CONTENT_REFRESH_METRICS.late)).toMatchObject({ EvaluationPeriods: late, DatapointsToAlarm: late });
    for (const metric of [CONTENT_REFRESH_METRICS.unreadable, CONTENT_REFRESH_METRICS.implausible, CONTENT_REFRESH_METRICS.failed, 'Errors'])
      expect(
        alarms.find((a) => a.MetricName === metric),
        metric,
      ).toMatchObject({ EvaluationPeriods: 1, DatapointsToAlarm: 1 });
  });
});
