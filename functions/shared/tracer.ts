// X-Ray traces (Powertools Tracer): the AWS SDK clients of the composition root are captured where
// they are made, so a slow request's trace shows which DynamoDB or SQS call took the time. On in the
// stack (active tracing on every function); off on the local runner and in tests unless
// POWERTOOLS_TRACE_ENABLED=true is set (lib/local/runner.ts), where Tracer leaves clients as they are.
// Responses are never recorded (POWERTOOLS_TRACER_CAPTURE_RESPONSE=false in lib/environment.ts):
// they hold taxpayer data.
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer({ serviceName: 'salestax' });

/** The client, its calls recorded as subsegments when tracing is on. */
export const traced = <C>(client: C): C => (tracer.isTracingEnabled() ? tracer.captureAWSv3Client(client) : client);
