// Invokes handlers inside the current process against an already running DynamoDB Local (one the
// local runner started), without HTTP. Tests and benchmarks use it where they need the process's
// own counters, such as the DynamoDB calls a request makes.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { TABLES } from '../../functions/manifest/resources';
import { routeEntry } from '../../functions/manifest/route';
import { ROUTES } from '../../functions/manifest/routes';
import { functionEnvironment } from '../environment';
import { handlerModule, PROJECT_ROOT } from '../paths';
import { DEFAULT_RUNTIME_SETTINGS } from '../runtime-settings';
import { lambdaContext, proxyEvent, RouteTable } from './api-gateway';
import { LOCAL_CREDENTIALS, LOCAL_REGION, localTableName } from './provision';

const table = new RouteTable(ROUTES);

export interface InProcess {
  invoke(
    method: string,
    path: string,
    key: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: Record<string, unknown>; body: any }>;
  /** DynamoDB requests this process has sent so far. */
  dynamoCalls(): Promise<number>;
  /** The usage journal file calculations answered here write their units to (nothing tails it unless a test does). */
  readonly journalFile: string;
}

export function inProcess(dynamoEndpoint: string): InProcess {
  // A journal file of this process's own (functions/adapters/logs/usage-journal.ts), not stdout.
  process.env.STX_USAGE_JOURNAL_FILE ??= join(mkdtempSync(join(tmpdir(), 'stx-journal-')), `in-process-${process.pid}.jsonl`);
  const journalFile = process.env.STX_USAGE_JOURNAL_FILE;
  Object.assign(process.env, {
    ...functionEnvironment({
      tableNames: Object.fromEntries(TABLES.map((t) => [t.id, localTableName(t)])),
      queueUrls: {},
      settings: DEFAULT_RUNTIME_SETTINGS,
      stage: 'local',
    }),
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'ERROR',
    POWERTOOLS_TRACE_ENABLED: process.env.POWERTOOLS_TRACE_ENABLED ?? 'false',
  });
  return {
    journalFile,
    async invoke(method, path, key, body, headers = {}) {
      const url = new URL(path, 'http://localhost');
      const match = table.match(method, url.pathname);
      if (match.kind !== 'route') throw new Error(`no route for ${method} ${path}`);
      const { handler } = (await import(pathToFileURL(handlerModule(routeEntry(match.route))).href)) as {
        handler: (e: unknown, c: unknown) => Promise<APIGatewayProxyResult>;
      };
      const all = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers };
      const event = proxyEvent(
        { method, url, headers: {}, rawHeaders: Object.entries(all).flat(), body: body === undefined ? '' : JSON.stringify(body), sourceIp: '127.0.0.1' },
        match.route,
        match.pathParameters,
        randomUUID(),
        'local',
      );
      const result = await handler(event, lambdaContext(match.route, 'local'));
      return { status: result.statusCode, headers: result.headers ?? {}, body: result.body ? JSON.parse(result.body) : null };
    },
    async dynamoCalls() {
      const { dynamoCallCount } = (await import(pathToFileURL(`${PROJECT_ROOT}/functions/composition-root.ts`).href)) as { dynamoCallCount: () => number };
      return dynamoCallCount();
    },
  };
}
