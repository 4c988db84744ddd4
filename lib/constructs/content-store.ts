// Where published tax content lives on AWS, and the function that publishes it
// (docs/taxes-and-content.md, "The scheduled refresh on AWS"). The bucket is versioned, so every
// pointer and artifact ever published can be restored; the functions that use the content read
// the pointer and the artifacts only (lib/constructs/access-profiles.ts, `content: 'read'`). The
// refresh runs daily in the windows around each quarter's turn: from mid-month of a quarter's last
// month (publishers post the next quarter's files weeks ahead) to the tenth of the next (late
// files). Each run decides the quarter itself and an unchanged run writes nothing, so the repeats
// cost a download and nothing else.
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { CONTENT_REFRESH_METRICS, CONTENT_STORE } from '../../functions/manifest/resources';
import { CONTENT_REFRESH_ENTRY, CONTENT_REFRESH_FILES } from '../bundling';
import { type AccessProfiles, accessProfile } from './access-profiles';
import { ServiceFunction } from './service-function';

/** The refresh's runs (UTC): 06:00 on these days of these months. */
export const CONTENT_REFRESH_SCHEDULES = [
  { id: 'QuarterEnd', day: '15-31', month: 'MAR,JUN,SEP,DEC' },
  { id: 'QuarterStart', day: '1-10', month: 'JAN,APR,JUL,OCT' },
] as const;

/**
 * Each alarm fires on one or more of its metric in a day (a run's report, or a failed run), the
 * late alarm only on `lateRuns` daily runs in a row: publishers are routinely a few days behind.
 * The refresh asks for the same quarter from the 15th of its last month to the 10th of its first,
 * so a streak runs across the turn and can warn before the quarter begins.
 */
export const CONTENT_REFRESH_ALARMS = {
  periodHours: 24,
  threshold: 1,
  lateRuns: 5,
  metrics: [CONTENT_REFRESH_METRICS.late, CONTENT_REFRESH_METRICS.unreadable, CONTENT_REFRESH_METRICS.implausible, CONTENT_REFRESH_METRICS.failed],
} as const;

/** Superseded pointers and artifacts are kept this long (a rollback restores one). */
export const CONTENT_VERSIONS_KEPT_DAYS = 365;

export class ContentBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: { removalPolicy: RemovalPolicy }) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      versioned: true,
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      removalPolicy: props.removalPolicy,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(CONTENT_VERSIONS_KEPT_DAYS) }],
    });
  }
}

export interface ContentRefreshProps {
  readonly namePrefix: string;
  readonly stage: string;
  /** The stage's function environment (metrics namespace, tracing). */
  readonly environment: Record<string, string>;
  readonly bucket: Bucket;
  readonly profiles: AccessProfiles;
  readonly logGroup: LogGroup;
  readonly alarmTopic: ITopic;
}

export class ContentRefresh extends Construct {
  readonly fn: ServiceFunction;
  readonly alarms: Alarm[];

  constructor(scope: Construct, id: string, props: ContentRefreshProps) {
    super(scope, id);
    this.fn = new ServiceFunction(this, 'Function', {
      functionName: `${props.namePrefix}-content-refresh`,
      entry: CONTENT_REFRESH_ENTRY,
      // The data/ folder the pipeline refreshes a copy of.
      files: CONTENT_REFRESH_FILES,
      environment: { ...props.environment, [CONTENT_STORE.envVar]: props.bucket.bucketName, STX_STAGE: props.stage },
      // Downloads every publisher's file and rebuilds the artifact: minutes, not seconds.
      timeout: Duration.minutes(15),
      memorySize: 2048,
      role: props.profiles.roleFor(accessProfile({ content: 'publish' })),
      logGroup: props.logGroup,
    });
    for (const { id: ruleId, day, month } of CONTENT_REFRESH_SCHEDULES)
      new Rule(this, ruleId, {
        description: `Refreshes the tax content from the publishers' files (${month}, days ${day}).`,
        schedule: Schedule.cron({ minute: '0', hour: '6', day, month }),
        targets: [new LambdaFunction(this.fn.fn, { retryAttempts: 0 })],
      });
    const metric = (metricName: string) =>
      new Metric({
        namespace: CONTENT_REFRESH_METRICS.namespace,
        metricName,
        dimensionsMap: { Stage: props.stage, service: 'salestax' },
        statistic: 'Sum',
        period: Duration.hours(CONTENT_REFRESH_ALARMS.periodHours),
      });
    const alarmOn = (alarmId: string, source: Metric, description: string, periods = 1) => {
      const alarm = new Alarm(this, alarmId, {
        alarmName: `${props.namePrefix}-content-refresh-${alarmId}`,
        alarmDescription: description,
        metric: source,
        threshold: CONTENT_REFRESH_ALARMS.threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        // Every period must breach: a run reporting none, or a day without a report, ends a streak.
        evaluationPeriods: periods,
        datapointsToAlarm: periods,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(new SnsAction(props.alarmTopic));
      alarm.addOkAction(new SnsAction(props.alarmTopic));
      return alarm;
    };
    this.alarms = [
      alarmOn(
        'late',
        metric(CONTENT_REFRESH_METRICS.late),
        `The last ${CONTENT_REFRESH_ALARMS.lateRuns} daily runs each found a publisher listing no file for the quarter asked: the other sources were applied, that state's rates stay as they were.`,
        CONTENT_REFRESH_ALARMS.lateRuns,
      ),
      alarmOn(
        'unreadable',
        metric(CONTENT_REFRESH_METRICS.unreadable),
        'A publisher file failed to parse or lost over half its records: nothing was published.',
      ),
      alarmOn('implausible', metric(CONTENT_REFRESH_METRICS.implausible), 'A refresh changed rates beyond the plausibility limits: nothing was published.'),
      alarmOn('failed', metric(CONTENT_REFRESH_METRICS.failed), 'A refresh run threw before it could report: nothing was published.'),
      alarmOn(
        'errors',
        this.fn.fn.metricErrors({ period: Duration.hours(CONTENT_REFRESH_ALARMS.periodHours), statistic: 'Sum' }),
        'The refresh function failed (a timeout or a crash emits no report of its own).',
      ),
    ];
  }
}
