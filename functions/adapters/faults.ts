// Fault injection at the adapter boundary, for tests of what clients see when AWS misbehaves: a
// middleware on the DynamoDB and SQS clients of the composition root. Off unless STX_FAULTS is
// set, and refused outright on the production stage. Faults are deterministic (every n-th matching
// call), so a test run is repeatable. STX_FAULTS is read on every call, so a runner can switch
// faults on once its seed is loaded.
//
//   STX_FAULTS=<rule>[,<rule>...]   rule = <client>:<operation|*>:<fault>:<every n-th call>
//   dynamodb:TransactWriteItems:throttle:3     ProvisionedThroughputExceededException, nothing sent
//   dynamodb:*:throttling:5                    ThrottlingException, nothing sent
//   dynamodb:TransactWriteItems:conflict:4     TransactionCanceledException, nothing sent: TransactionConflict on
//                                              the last item (a commit's last items are its summaries), None on the others
//   dynamodb:TransactWriteItems:timeout:4      the request is sent and applied, then a TimeoutError
//   sqs:SendMessageBatch:duplicate:2           the messages are sent twice (duplicate delivery)
import { ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { MiddlewareStack } from '@smithy/types';

type Fault = 'throttle' | 'throttling' | 'conflict' | 'timeout' | 'duplicate';
interface Rule {
  readonly client: string;
  readonly operation: string;
  readonly fault: Fault;
  readonly every: number;
}

const FAULTS = new Set<Fault>(['throttle', 'throttling', 'conflict', 'timeout', 'duplicate']);

export function parseFaults(spec: string): Rule[] {
  return spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((rule) => {
      const [client, operation, fault, every] = rule.split(':');
      const n = Number(every);
      if (!client || !operation || !FAULTS.has(fault as Fault) || !Number.isInteger(n) || n < 1) throw new Error(`STX_FAULTS: bad rule "${rule}"`);
      return { client, operation, fault: fault as Fault, every: n };
    });
}

/** Refuses fault injection where it must never run. */
export function assertFaultsAllowed(stage: string | undefined, spec: string | undefined): void {
  if (spec && stage === 'prod') throw new Error('STX_FAULTS is set on the production stage: refusing to inject faults.');
}

const meta = { httpStatusCode: 400, $fault: 'client' as const };

function injected(fault: Fault, items = 1): Error {
  switch (fault) {
    case 'throttle':
      return new ProvisionedThroughputExceededException({ message: 'Injected: throughput exceeded', $metadata: {} });
    case 'throttling':
      return Object.assign(new Error('Injected: rate exceeded'), { name: 'ThrottlingException', $metadata: meta });
    case 'conflict':
      return new TransactionCanceledException({
        message: 'Injected: transaction cancelled [TransactionConflict]',
        $metadata: {},
        CancellationReasons: Array.from({ length: Math.max(1, items) }, (_, i) => ({ Code: i === Math.max(1, items) - 1 ? 'TransactionConflict' : 'None' })),
      });
    default:
      return Object.assign(new Error('Injected: the request timed out after it was sent'), { name: 'TimeoutError' });
  }
}

/** Adds the fault middleware to a client's stack (a no-op per call while STX_FAULTS is unset). */
// biome-ignore lint/suspicious/noExplicitAny: any SDK client's stack, whatever its input and output types
export function withFaults<S extends { middlewareStack: MiddlewareStack<any, any> }>(
  client: S,
  clientName: 'dynamodb' | 'sqs',
  stage: () => string | undefined,
): S {
  const counts = new Map<Rule, number>();
  let parsed: { spec: string; rules: Rule[] } | undefined;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const spec = process.env.STX_FAULTS;
      if (!spec) return next(args);
      assertFaultsAllowed(stage(), spec);
      if (parsed?.spec !== spec) parsed = { spec, rules: parseFaults(spec) };
      const operation = String(context.commandName ?? '').replace(/Command$/, '');
      for (const rule of parsed.rules) {
        if (rule.client !== clientName || (rule.operation !== '*' && rule.operation !== operation)) continue;
        const n = (counts.get(rule) ?? 0) + 1;
        counts.set(rule, n);
        if (n % rule.every !== 0) continue;
        if (rule.fault === 'duplicate') {
          await next(args);
          return next(args);
        }
        if (rule.fault === 'timeout') {
          await next(args);
          throw injected('timeout');
        }
        throw injected(rule.fault, (args.input as { TransactItems?: unknown[] } | undefined)?.TransactItems?.length);
      }
      return next(args);
    },
    { step: 'initialize', name: 'injectFaults', priority: 'high' },
  );
  return client;
}
