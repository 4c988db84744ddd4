// Requests written byte for byte on a socket, for what fetch refuses to send (a NUL in a header, a
// malformed request line) and for headers of any size.
import { connect } from 'node:net';
import { inject } from 'vitest';

export interface RawResponse {
  readonly status: number;
  readonly headers: Map<string, string>;
  readonly body: string;
}

/** The payload of a chunked body (chunk extensions and trailers ignored). */
function unchunked(body: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.slice(at, eol), 16);
    if (eol < 0 || !size) return out;
    out += body.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}

/** Sends `head` (request line and headers, without the blank line) and `body`; reads until the server closes or the response is complete. */
export function rawRequest(head: string, body = ''): Promise<RawResponse> {
  const url = new URL(inject('baseUrl'));
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('raw request timed out')), 20_000);
    const finish = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no complete response: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      const headers = new Map<string, string>();
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      const body = text.slice(split + 4);
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: headers.get('transfer-encoding') === 'chunked' ? unchunked(body) : body });
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split))?.[1];
      if (split >= 0 && length !== undefined && Buffer.byteLength(text.slice(split + 4)) >= Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on('end', finish);
    socket.on('error', (error) => {
      // The server may close after answering while we still write a large request.
      if (chunks.length > 0) finish();
      else reject(error);
    });
    socket.write(`${head}\r\nHost: ${url.host}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}
