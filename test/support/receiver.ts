// A real webhook receiver for the integration tests: a node:http server on loopback that records
// every request (headers, raw body, arrival time) and answers what the test says.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly json: { id: string; type: string; created_at: string; environment: string; data: any };
  readonly at: number;
}

export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  /** Requests for one event id, in arrival order. */
  of(eventId: string): Received[];
  /** Waits until `predicate` holds over what was received. */
  until(predicate: (received: Received[]) => boolean, timeoutMs?: number, what?: string): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(answer: (request: Received, index: number) => number = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Received['json'];
      try {
        json = JSON.parse(body);
      } catch {
        json = { id: '', type: '', created_at: '', environment: '', data: null };
      }
      const request = { headers: req.headers, body, json, at: Date.now() };
      received.push(request);
      res.statusCode = answer(request, received.length - 1);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    of: (eventId) => received.filter((r) => r.json.id === eventId),
    async until(predicate, timeoutMs = 20_000, what = 'deliveries') {
      const end = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > end) throw new Error(`receiver: no ${what} after ${timeoutMs} ms (got ${received.length} requests)`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
