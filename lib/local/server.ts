// The local HTTP front: plays API Gateway for the handlers of functions/manifest/routes. Each request becomes
// the proxy event and context Lambda would receive; errors API Gateway would answer itself are
// rendered exactly like the stack's gateway responses. Every answer, Node's own refusals included
// (a header too large, a malformed request, an Expect it does not meet, CONNECT), carries an
// X-Request-Id and the error shape of its surface: TaxJar's below /taxjar, the envelope elsewhere.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { ErrorDialect, RouteDef } from '../../functions/manifest/route';
import { dialectOfPath, GATEWAY_ERRORS, type GatewayError, gatewayErrorFor, MAX_REQUEST_BODY_BYTES } from '../gateway-errors';
import { lambdaContext, proxyEvent, RouteTable } from './api-gateway';
import { LocalSetupError } from './engines';

export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = MAX_REQUEST_BODY_BYTES;
/**
 * Request line and headers together (Node's default, stated so it cannot drift). API Gateway REST
 * refuses more than 10 KB itself, before any gateway response applies (see the README's failure
 * modes); here a request over the limit is answered in `clientError`, with the envelope.
 */
const MAX_HEADER_BYTES = 16 * 1024;

/** The status line's reason phrases of the answers written straight on a socket. */
const REASONS: Record<number, string> = { 400: 'Bad Request', 405: 'Method Not Allowed', 431: 'Request Header Fields Too Large' };

/** An error answer written on a socket Node's HTTP machinery has given up on (or never took), then closed. */
function writeOnSocket(socket: Duplex, status: number, error: GatewayError, dialect: ErrorDialect): void {
  const requestId = randomUUID();
  const body = gatewayErrorFor(error, requestId, dialect, status);
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The path of a request line Node's parser refused, when its first bytes still show one. */
function pathOfRawRequest(raw: Buffer | undefined): string {
  const line = raw?.subarray(0, 2048).toString('latin1').split('\r\n', 1)[0] ?? '';
  return /^[A-Z]+ (\/\S*) HTTP\/1\.[01]$/.exec(line)?.[1] ?? '';
}

/**
 * What Node's parser refuses before any handler runs (a header over the limit, a NUL or other
 * control byte in a header, a malformed request line). Node would answer a bare 400/431 without a
 * body; every response of the API carries the envelope and `X-Request-Id`.
 */
function writeParserRefusal(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
  if (!socket.writable || (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  writeOnSocket(socket, status, GATEWAY_ERRORS.otherClientError, dialectOfPath(pathOfRawRequest(error.rawPacket)));
}

/**
 * CONNECT asks the server to open a tunnel; Node hands such a request to 'connect' listeners and
 * closes the connection unanswered when there are none. No route takes CONNECT: 405.
 */
function refuseConnect(request: IncomingMessage, socket: Duplex): void {
  writeOnSocket(socket, 405, GATEWAY_ERRORS.methodNotAllowed, dialectOfPath(request.url ?? ''));
}

export interface LocalApi {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

export interface ServeOptions {
  readonly routes: readonly RouteDef[];
  readonly handlers: ReadonlyMap<string, ProxyHandler>;
  readonly host?: string;
  readonly port: number;
  readonly stage: string;
  /** Called when a handler throws (API Gateway would log the integration failure). */
  readonly onHandlerError?: (route: RouteDef, error: unknown) => void;
}

function sendGatewayError(res: ServerResponse, error: GatewayError, requestId: string, dialect: ErrorDialect, status = error.statusCode): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Request-Id': requestId };
  if (error.retryAfter) headers['Retry-After'] = error.retryAfter;
  res.writeHead(status, headers).end(gatewayErrorFor(error, requestId, dialect, status));
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function writeResult(res: ServerResponse, result: APIGatewayProxyResult): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) headers[name] = values.map(String);
  const body = result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  res.writeHead(result.statusCode, headers).end(body);
}

/** How long closing waits for the handlers still running (their writes) before it returns. */
const CLOSE_GRACE_MS = 10_000;

const portInUse = (port: number | undefined) =>
  new LocalSetupError(`Port ${port} is in use (another runner?). Start this one with PORT=<another port>, or PORT=0 for any free port.`);

/**
 * Refuses a busy port before anything else starts: a start refused for its port leaves nothing
 * behind (no data directory, no engines). The port is taken again by serveApi, which still
 * reports a port taken in between.
 */
export async function assertPortFree(port: number, host = '127.0.0.1'): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? portInUse(port) : error));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

export function serveApi(options: ServeOptions): Promise<LocalApi> {
  const table = new RouteTable(options.routes);
  /** Handler invocations in flight: closing waits for them, so none outlives the engines it uses. */
  const inFlight = new Set<Promise<unknown>>();
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, async (req, res) => {
    const requestId = randomUUID();
    // As the stack's 404 and 405 methods below /taxjar (lib/constructs/api.ts): the surface's shape.
    let dialect: ErrorDialect = dialectOfPath(req.url ?? '');
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      dialect = dialectOfPath(url.pathname);
      const match = table.match(req.method ?? 'GET', url.pathname);
      if (match.kind === 'not_found') return sendGatewayError(res, GATEWAY_ERRORS.notFound, requestId, dialect);
      if (match.kind === 'method_not_allowed') return sendGatewayError(res, GATEWAY_ERRORS.methodNotAllowed, requestId, dialect);
      const body = await readBody(req);
      if (body === null) return sendGatewayError(res, GATEWAY_ERRORS.payloadTooLarge, requestId, dialect);
      const handler = options.handlers.get(match.route.id);
      if (!handler) throw new Error(`no handler loaded for ${match.route.id}`);
      const event = proxyEvent(
        { method: req.method ?? 'GET', url, headers: req.headers, rawHeaders: req.rawHeaders, body, sourceIp: req.socket.remoteAddress ?? '127.0.0.1' },
        match.route,
        match.pathParameters,
        requestId,
        options.stage,
      );
      let result: APIGatewayProxyResult;
      const invocation = handler(event, lambdaContext(match.route, options.stage));
      inFlight.add(invocation);
      try {
        result = await invocation;
      } catch (error) {
        options.onHandlerError?.(match.route, error);
        return sendGatewayError(res, GATEWAY_ERRORS.internal, requestId, dialect);
      } finally {
        inFlight.delete(invocation);
      }
      writeResult(res, result);
    } catch (error) {
      options.onHandlerError?.({ id: 'gateway' } as RouteDef, error);
      if (!res.headersSent) sendGatewayError(res, GATEWAY_ERRORS.internal, requestId, dialect);
    }
  });
  server.on('clientError', writeParserRefusal);
  server.on('connect', refuseConnect);
  // Node answers 100-continue itself; any other expectation would get its bare 417.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    // The body the client holds back is never read: the connection ends with this answer.
    res.setHeader('Connection', 'close');
    sendGatewayError(res, GATEWAY_ERRORS.expectationFailed, randomUUID(), dialectOfPath(req.url ?? ''));
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? portInUse(options.port) : error));
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${options.host ?? '127.0.0.1'}:${port}`,
        server,
        close: async () => {
          const closed = new Promise<void>((done) => server.close(() => done()));
          server.closeAllConnections();
          await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, CLOSE_GRACE_MS).unref())]);
          await closed;
        },
      });
    });
  });
}
