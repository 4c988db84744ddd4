// Step 8: body and query string against the route's valibot schemas, and the path parameters the
// route's path names. A malformed identifier in a path is simply not found later.
import type { GenericSchema, InferOutput } from 'valibot';
import type { Principal } from '../../core/access/authorize';
import type { Authorized, Parsed } from '../request';
import { parseJsonBody, repeatedInput, repeatedQueryNames, validate } from '../validation';

/** A body parsed in steps of its own: `schema` is its whole shape (documentation), `parse` the order it is checked in. */
export interface StagedBody<B> {
  readonly schema: GenericSchema;
  readonly parse: (raw: unknown) => B;
}

export interface InputSchemas<BS extends GenericSchema | StagedBody<unknown> | undefined, QS extends GenericSchema | undefined> {
  readonly body?: BS;
  readonly query?: QS;
}

export type BodyOf<S> = S extends GenericSchema ? InferOutput<S> : S extends StagedBody<infer B> ? B : undefined;
export type QueryOf<S> = S extends GenericSchema ? InferOutput<S> : undefined;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** `{code: string}` for `/transactions/{code}/refunds`. */
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string };

function pathParams<P extends string>(path: P, given: Readonly<Record<string, string | undefined>> | null): PathParams<P> {
  const params: Record<string, string> = {};
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    const value = name === undefined ? undefined : given?.[name];
    // API Gateway matched the resource, so every parameter of its path is there.
    if (name === undefined || value === undefined) throw new Error(`path parameter ${name} missing for ${path}`);
    params[name] = value;
  }
  return params as PathParams<P>;
}

export const isStaged = (spec: GenericSchema | StagedBody<unknown>): spec is StagedBody<unknown> => 'parse' in spec && 'schema' in spec;

function parseBody<S extends GenericSchema | StagedBody<unknown>>(spec: S, raw: unknown): BodyOf<S> {
  return (isStaged(spec) ? spec.parse(raw) : validate(spec, raw, 'body')) as BodyOf<S>;
}

export function parse<Path extends string, BS extends GenericSchema | StagedBody<unknown> | undefined, QS extends GenericSchema | undefined>(
  path: Path,
  schemas: InputSchemas<BS, QS>,
) {
  return <P extends Principal>(request: Authorized<P>): Parsed<P, BodyOf<BS>, QueryOf<QS>, PathParams<Path>> => {
    const { event } = request;
    // A route without a query schema reads no parameter, so nothing it ignores is refused.
    const repeated = schemas.query ? repeatedQueryNames(event.multiValueQueryStringParameters) : [];
    if (repeated.length > 0) throw repeatedInput(repeated.map((name) => `query.${name}`));
    const query = (schemas.query ? validate(schemas.query, event.queryStringParameters ?? {}, 'query') : undefined) as QueryOf<QS>;
    const body = schemas.body === undefined ? (undefined as BodyOf<BS>) : parseBody(schemas.body, parseJsonBody(event.body, event.isBase64Encoded));
    return { ...request, query, body, params: pathParams(path, event.pathParameters) };
  };
}
