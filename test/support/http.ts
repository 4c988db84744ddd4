// HTTP helpers for integration tests: every call goes through the local runner's HTTP front.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import { responseChecker } from '../../scripts/response-check';

/**
 * Every response the suite receives is checked against the committed OpenAPI document (status,
 * content type, body schema, X-Request-Id), so the document cannot drift from behaviour.
 */
const conforms = responseChecker(JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'openapi.json'), 'utf8')));

export interface Res<T = any> {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly body: T;
}

export interface CallOptions {
  readonly key?: string;
  readonly body?: unknown;
  readonly raw?: string;
  readonly headers?: Record<string, string | undefined>;
  readonly auth?: 'bearer' | 'x-api-key';
}

export const V1 = '/api/v1';

export async function api<T = any>(method: string, path: string, options: CallOptions = {}): Promise<Res<T>> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) if (value !== undefined) headers[name] = value;
  if (options.key) {
    if (options.auth === 'x-api-key') headers['X-Api-Key'] = options.key;
    else headers.Authorization = `Bearer ${options.key}`;
  }
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['Content-Type'] ??= 'application/json';
  const res = await fetch(inject('baseUrl') + path, { method, headers, body: payload });
  const text = await res.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const problems = conforms(method, path, { status: res.status, headers: res.headers, body: body ?? undefined, text });
  if (problems.length > 0) throw new Error(`${method} ${path} → ${res.status} contradicts openapi.json: ${problems.join('; ')}\n${text.slice(0, 2000)}`);
  return { status: res.status, headers: res.headers, text, body };
}

/**
 * A request whose headers are sent exactly as listed, repeats and letter cases included (fetch
 * merges a repeated header into one), checked against the document like every other answer.
 */
export function apiWithHeaders<T = any>(method: string, path: string, headers: readonly (readonly [string, string])[], body?: unknown): Promise<Res<T>> {
  const url = new URL(inject('baseUrl') + path);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const flat = [
    ['Host', url.host],
    ...headers,
    ...(payload === undefined
      ? []
      : [
          ['Content-Type', 'application/json'],
          ['Content-Length', String(Buffer.byteLength(payload))],
        ]),
  ].flat();
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send({ host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers: flat }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const fetched = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) fetched.set(name, Array.isArray(value) ? value.join(', ') : value);
        let parsed: any = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = null;
        }
        const problems = conforms(method, path, { status: res.statusCode ?? 0, headers: fetched, body: parsed ?? undefined, text });
        if (problems.length > 0)
          reject(new Error(`${method} ${path} → ${res.statusCode} contradicts openapi.json: ${problems.join('; ')}\n${text.slice(0, 2000)}`));
        else resolve({ status: res.statusCode ?? 0, headers: fetched, text, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A fetch for clients under test (the typed client, the examples): every answer is checked too. */
const plainFetch = globalThis.fetch;

export const conformingFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const res = await plainFetch(request);
  const text = await res.clone().text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const url = new URL(request.url);
  const problems = conforms(request.method, url.pathname, { status: res.status, headers: res.headers, body, text });
  if (problems.length > 0)
    throw new Error(`${request.method} ${url.pathname} → ${res.status} contradicts openapi.json: ${problems.join('; ')}\n${text.slice(0, 2000)}`);
  return res;
};

/** Asserts the API's error envelope with a code and status, and returns `error`. */
export function expectError(res: Res, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  const error = res.body.error;
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(error.request_id).toBe(res.headers.get('x-request-id'));
  expect(error.severity).toBe('error');
  expect(typeof error.message).toBe('string');
  for (const d of error.details ?? []) {
    // A duplicate's detail also names the existing document and whether its payload was the same.
    const { existing_code, same_payload, ...base } = d;
    expect(base).toEqual({ code: expect.any(String), message: expect.any(String), target: expect.any(String), severity: 'error' });
    if (code === 'duplicate_transaction') {
      expect(typeof existing_code).toBe('string');
      expect([true, false, null]).toContain(same_payload);
    } else expect([existing_code, same_payload]).toEqual([undefined, undefined]);
  }
  return error as { code: string; message: string; details?: { code: string; target: string; message: string }[] };
}

export function expectDetail(error: { details?: { code: string; target: string }[] }, code: string, target: string): void {
  expect(error.details?.map((d) => `${d.code}@${d.target}`)).toContain(`${code}@${target}`);
}

export const unique = (tag: string): string => `${tag}-${randomBytes(4).toString('hex')}`;
