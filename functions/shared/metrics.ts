// CloudWatch metrics in the embedded metric format (Powertools Metrics): a log line per document
// that CloudWatch turns into metrics, no API call. Off unless POWERTOOLS_METRICS_NAMESPACE is set
// (the stack sets it; locally `POWERTOOLS_METRICS_NAMESPACE=SalesTax npm start` turns them on) and
// POWERTOOLS_METRICS_DISABLED is not true, so a local run and the tests print none.
//
// Dimensions are few, so the metric count stays bounded (docs/usage-and-monitoring.md, "Metrics"):
//   Route (one per route of functions/manifest/routes), ErrorCode (the API's closed list), Kind (the
//   billable kinds of core/usage, or batch / return_job), Queue (functions/manifest/resources.ts queues), Outcome
//   (a webhook attempt's outcome). Never an account, a key or a document: those are in usage.
// Each document is built and published in one synchronous step (dimensions, values, publish), so
// one instance serves the process: even the local runner, serving every route in one process,
// cannot interleave two requests' dimensions.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export { MetricUnit };

const SERVICE = 'salestax';

const enabled = (): boolean => {
  const disabled = process.env.POWERTOOLS_METRICS_DISABLED?.toLowerCase();
  return Boolean(process.env.POWERTOOLS_METRICS_NAMESPACE) && disabled !== 'true' && disabled !== '1';
};

let shared: { readonly namespace: string; readonly metrics: Metrics } | undefined;

export type MetricValue = readonly [name: string, unit: (typeof MetricUnit)[keyof typeof MetricUnit], value: number];

/** One EMF document: `values` (a name may repeat: its values form a distribution) under `dimensions`. */
export function emit(dimensions: Readonly<Record<string, string>>, values: readonly MetricValue[]): void {
  if (!enabled() || values.length === 0) return;
  const namespace = process.env.POWERTOOLS_METRICS_NAMESPACE!;
  if (shared?.namespace !== namespace) shared = { namespace, metrics: new Metrics({ namespace, serviceName: SERVICE }) };
  const { metrics } = shared;
  metrics.addDimensions({ ...dimensions });
  for (const [name, unit, value] of values) metrics.addMetric(name, unit, value);
  metrics.publishStoredMetrics();
}

/** One answered HTTP request: count, latency and status class per route; its error code apart. */
export function requestMetrics(route: string, status: number, latencyMs: number, errorCode?: string): void {
  if (!enabled()) return;
  emit({ Route: route }, [
    ['Requests', MetricUnit.Count, 1],
    ['Latency', MetricUnit.Milliseconds, latencyMs],
    ['Status4xx', MetricUnit.Count, status >= 400 && status < 500 ? 1 : 0],
    ['Status5xx', MetricUnit.Count, status >= 500 ? 1 : 0],
  ]);
  if (errorCode) emit({ ErrorCode: errorCode }, [['Errors', MetricUnit.Count, 1]]);
}

/** Billable units that landed (usage), per kind. */
export function billedMetric(kind: string, units: number): void {
  if (units > 0) emit({ Kind: kind }, [['BillableUnits', MetricUnit.Count, units]]);
}
