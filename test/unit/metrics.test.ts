// The service's metrics (functions/shared/metrics.ts): embedded-metric-format documents on stdout
// when a namespace is set, nothing otherwise (the local runner and the tests stay quiet).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billedMetric, requestMetrics } from '../../functions/shared/metrics';

const saved = { namespace: process.env.POWERTOOLS_METRICS_NAMESPACE, disabled: process.env.POWERTOOLS_METRICS_DISABLED };

afterEach(() => {
  vi.restoreAllMocks();
  for (const [name, value] of [
    ['POWERTOOLS_METRICS_NAMESPACE', saved.namespace],
    ['POWERTOOLS_METRICS_DISABLED', saved.disabled],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

/** The EMF documents written while `run` runs. */
function documents(run: () => void): Record<string, any>[] {
  const lines: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  // Powertools writes through its own console on stdout.
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  run();
  return lines
    .flatMap((l) => l.split('\n'))
    .filter((l) => l.includes('_aws'))
    .map((l) => JSON.parse(l));
}

describe('metrics', () => {
  it('writes nothing without a namespace, or when disabled', () => {
    delete process.env.POWERTOOLS_METRICS_NAMESPACE;
    expect(documents(() => requestMetrics('calculations-create', 200, 3.2))).toEqual([]);
    process.env.POWERTOOLS_METRICS_NAMESPACE = 'SalesTax/test';
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    expect(documents(() => billedMetric('commit', 1))).toEqual([]);
  });

  it('writes a request per route, and its error code apart, with few dimensions', () => {
    process.env.POWERTOOLS_METRICS_NAMESPACE = 'SalesTax/test';
    delete process.env.POWERTOOLS_METRICS_DISABLED;
    const [request, error] = documents(() => requestMetrics('transactions-create', 409, 12.5, 'duplicate_transaction'));
    expect(request).toMatchObject({ Route: 'transactions-create', service: 'salestax', Requests: 1, Latency: 12.5, Status4xx: 1, Status5xx: 0 });
    expect(request!._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'SalesTax/test', Dimensions: [['service', 'Route']] });
    expect(error).toMatchObject({ ErrorCode: 'duplicate_transaction', Errors: 1 });
    expect(error!._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service', 'ErrorCode']]);
    const [billed] = documents(() => billedMetric('batch_item', 24));
    expect(billed).toMatchObject({ Kind: 'batch_item', BillableUnits: 24 });
  });
});
