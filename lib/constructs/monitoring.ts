// A stage's dashboard and the alarms that need a person (docs/usage-and-monitoring.md, "Dashboard
// and alarms"). The dashboard reads three sources: API Gateway's own metrics (4xx and 5xx rates,
// latency), the AWS services' (Lambda throttles, DynamoDB throttled requests, SQS queue age and
// dead-letter depth) and the service's embedded-metric-format metrics in the stage's namespace
// (functions/shared/metrics.ts: latency per route, errors by code, billable units, batch items,
// webhook attempts). Alarms notify the stage's SNS topic; docs/usage-and-monitoring.md says what
// each one means and what to do.
import { Duration } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { Queues } from './queues';
import type { Tables } from './tables';

/** The namespace of a stage's own metrics: stages never mix. */
export const metricsNamespace = (stage: string): string => `SalesTax/${stage}`;

/** The `service` dimension Powertools adds to every metric (POWERTOOLS_SERVICE_NAME). */
const SERVICE = 'salestax';

/** Alarm thresholds, named so the guide and the tests read the same numbers. */
export const ALARMS = {
  /** Share of requests answered 5xx, over 5 one-minute periods, 3 of them breaching. */
  serverErrorRate: 0.01,
  /** API Gateway p99 latency (ms), over 3 five-minute periods. */
  latencyP99Ms: 3000,
  /** Age of the oldest message of a work queue (s): batches and return jobs stuck. */
  queueAgeSeconds: 900,
} as const;

export interface MonitoringProps {
  readonly namePrefix: string;
  readonly stage: string;
  readonly api: RestApi;
  readonly queues: Queues;
  readonly tables: Tables;
  /** Dead-letter alarms of other consumers (lib/constructs/log-consumers.ts), to notify like the queues' own. */
  readonly deadLetterAlarms?: readonly Alarm[];
}

export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { namePrefix, stage, api, queues, tables } = props;
    const namespace = metricsNamespace(stage);
    this.topic = new Topic(this, 'Alarms', { topicName: `${namePrefix}-alarms`, displayName: `Sales tax ${stage} alarms`, enforceSSL: true });
    const notify = new SnsAction(this.topic);
    const minute = Duration.minutes(1);
    const fiveMinutes = Duration.minutes(5);

    const serverErrors = api.metricServerError({ statistic: 'Average', period: minute, label: '5xx rate' });
    const clientErrors = api.metricClientError({ statistic: 'Average', period: minute, label: '4xx rate' });
    const latencyP99 = api.metricLatency({ statistic: 'p99', period: fiveMinutes, label: 'API p99 (ms)' });
    /** A search over one of the stage's own metrics, one line per value of `dimension`. */
    const own = (metric: string, dimension: string, statistic: string, period = fiveMinutes, label?: string) =>
      new MathExpression({
        expression: `SEARCH('{${namespace},${dimension},service} MetricName="${metric}" service="${SERVICE}"', '${statistic}', ${period.toSeconds()})`,
        usingMetrics: {},
        period,
        ...(label ? { label } : {}),
      });
    const search = (expression: string, statistic: string, label: string) =>
      new MathExpression({ expression: `SEARCH('${expression}', '${statistic}', ${fiveMinutes.toSeconds()})`, usingMetrics: {}, period: fiveMinutes, label });

    const alarm = (alarmId: string, metric: IMetric, props: { name: string; description: string; threshold: number; periods: number; datapoints?: number }) => {
      const created = new Alarm(this, alarmId, {
        alarmName: `${namePrefix}-${props.name}`,
        alarmDescription: `${props.description} See docs/usage-and-monitoring.md, "Dashboard and alarms".`,
        metric,
        threshold: props.threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: props.periods,
        datapointsToAlarm: props.datapoints ?? props.periods,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(notify);
      created.addOkAction(notify);
      this.alarms.push(created);
      return created;
    };

    alarm('ServerErrorRate', serverErrors, {
      name: 'api-5xx-rate',
      description: `More than ${ALARMS.serverErrorRate * 100}% of API requests answered 5xx in 3 of the last 5 minutes.`,
      threshold: ALARMS.serverErrorRate,
      periods: 5,
      datapoints: 3,
    });
    alarm('LatencyP99', latencyP99, {
      name: 'api-latency-p99',
      description: `API Gateway p99 latency above ${ALARMS.latencyP99Ms} ms for 15 minutes.`,
      threshold: ALARMS.latencyP99Ms,
      periods: 3,
    });
    for (const dlqAlarm of props.deadLetterAlarms ?? []) {
      dlqAlarm.addAlarmAction(notify);
      dlqAlarm.addOkAction(notify);
      this.alarms.push(dlqAlarm);
    }
    for (const [queueId, { queue, deadLetterQueue, dlqAlarm }] of queues.byId) {
      // Dead letters: the queue's own alarm (lib/constructs/queues.ts), now with a person behind it.
      dlqAlarm.addAlarmAction(notify);
      dlqAlarm.addOkAction(notify);
      this.alarms.push(dlqAlarm);
      // Webhook deliveries wait for customers' endpoints by design; batch and return-job work must not.
      if (queueId === 'WebhookDeliveries') continue;
      alarm(`${queueId}Age`, queue.metricApproximateAgeOfOldestMessage({ period: fiveMinutes, statistic: 'Maximum' }), {
        name: `${queueId.toLowerCase()}-queue-age`,
        description: `A message of ${queue.node.id} has waited over ${ALARMS.queueAgeSeconds / 60} minutes for 10 minutes: its worker is failing or throttled (dead letters in ${deadLetterQueue.node.id}).`,
        threshold: ALARMS.queueAgeSeconds,
        periods: 2,
      });
    }

    const tableNames = [...tables.byId.values()].map((t) => t.tableName);
    const queueList = [...queues.byId.values()];
    const wide = (title: string, left: IMetric[], right?: IMetric[]) => new GraphWidget({ title, left, right, width: 12, height: 6 });
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${namePrefix}`,
      defaultInterval: Duration.hours(3),
      widgets: [
        [
          new TextWidget({
            markdown: `# Sales tax — ${stage}\nRequests, errors and latency per route; throttles; queues and dead letters; webhook attempts; billable units. Alarms notify the SNS topic ${namePrefix}-alarms (docs/usage-and-monitoring.md).`,
            width: 24,
            height: 2,
          }),
        ],
        [
          wide('Latency p99 per route (ms)', [own('Latency', 'Route', 'p99')]),
          wide('API latency p99 and requests', [latencyP99], [api.metricCount({ period: fiveMinutes, label: 'requests' })]),
        ],
        [wide('5xx and 4xx rates (API Gateway)', [serverErrors, clientErrors]), wide('Errors by code', [own('Errors', 'ErrorCode', 'Sum')])],
        [
          wide('Throttles: Lambda functions and DynamoDB tables', [
            search(`{AWS/Lambda,FunctionName} MetricName="Throttles" FunctionName="${namePrefix}-"`, 'Sum', 'Lambda throttles'),
            ...tableNames.map(
              (name, i) =>
                new Metric({
                  namespace: 'AWS/DynamoDB',
                  metricName: 'ThrottledRequests',
                  dimensionsMap: { TableName: name },
                  statistic: 'Sum',
                  period: fiveMinutes,
                  label: `DynamoDB ${i}`,
                }),
            ),
          ]),
          wide(
            'Queue age: oldest message (s)',
            queueList.map(({ def, queue }) => queue.metricApproximateAgeOfOldestMessage({ period: fiveMinutes, statistic: 'Maximum', label: def.id })),
          ),
        ],
        [
          wide(
            'Dead-letter queue depth',
            queueList.map(({ def, deadLetterQueue }) =>
              deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum', label: def.id }),
            ),
          ),
          wide('Webhook attempts by outcome', [own('WebhookAttempts', 'Outcome', 'Sum')]),
        ],
        [
          wide(
            'Batch and return-job items finished',
            [own('ItemsFinished', 'Kind', 'Sum'), own('ItemsFailed', 'Kind', 'Sum')],
            [own('MessageAge', 'Queue', 'p99')],
          ),
          wide('Billable units by kind', [own('BillableUnits', 'Kind', 'Sum')]),
        ],
      ],
    });
  }
}
