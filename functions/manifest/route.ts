// What a route of the manifest is. The CDK stack builds one Lambda function and one API Gateway
// method per route; the local runner serves the same routes with the same handler modules. The
// routes themselves are in routes/, one file per domain with the defaults its routes share.
import type { Credential } from '../core/access/authorize';
import type { Environment } from '../core/access/records';
import type { Scope } from '../core/access/scopes';
import type { Bucket } from '../core/limits/rate-limits';
import type { UsageKind } from '../core/usage/usage';

export type { Bucket, Credential, Environment };
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * How a route renders its errors: the API's error envelope (`contract`), TaxJar's `{error, detail,
 * status}`, or AvaTax's `{error: {code, message, target, details}}`.
 */
export type ErrorDialect = 'contract' | 'taxjar' | 'avatax';

export interface RouteDef {
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway style path with `{param}` segments, below the base path. */
  readonly path: string;
  /** The base path the route lives under (default BASE_PATH; `''`: the API's root, e.g. /docs; the TaxJar-compatible API has its own). */
  readonly base?: string;
  /**
   * Served without a key (the API description, the console page): no authentication, no rate-limit
   * bucket, no scope; scope, credential and bucket are then unused. Built with publicHandler.
   */
  readonly public?: boolean;
  /**
   * A key is optional (AvaTax's ping tells a client whether its credentials work): API Gateway asks
   * for none, and the function answers with or without one, reading what a presented key may.
   * Built with optionalKeyHandler; no rate-limit bucket.
   */
  readonly optionalKey?: boolean;
  /** Project files the function reads, copied next to its bundle (functions/http/static-file.ts; content assets such as the ZIP centroids). */
  readonly files?: readonly string[];
  /**
   * Error rendering (default `contract`); also the credential forms read besides Bearer:
   * `Authorization: Token token="<key>"` for `taxjar`, HTTP Basic for `avatax`.
   */
  readonly dialect?: ErrorDialect;
  /** The handler module below functions/handlers, without `.ts` (`api/transactions/refund`); it exports `handler`. */
  readonly handler: string;
  readonly scope: Scope | null;
  readonly credential: Credential;
  /** Provider routes that act on one client engagement (step 7 of the order of checks). */
  readonly clientContext?: boolean;
  readonly bucket: Bucket;
  /** Environments the route serves; others get 403 insufficient_scope. Default: both. */
  readonly environments?: readonly Environment[];
  /** The function loads the tax content artifact. */
  readonly content?: boolean;
  /** The function registers or disables API Gateway usage-plan keys. */
  readonly usageKeys?: boolean;
  /** Queues (ids of ../resources.ts) the function sends to; its role may send to those only. */
  readonly sendsTo?: readonly string[];
  /** Data access when it is not the method's (GET reads, others write): a read that records a state change. */
  readonly data?: 'read' | 'write';
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
  /**
   * A call that stores nothing but is billed (a calculation, an estimate): each successful answer
   * is one unit of this kind (functions/application/usage.ts). Routes that write bill in their write.
   */
  readonly meter?: UsageKind;
}

export const BASE_PATH = '/api/v1';
/** The TaxJar SmartCalcs-compatible API: a TaxJar client's `apiUrl` (it appends `/v2/...`). */
export const TAXJAR_BASE_PATH = '/taxjar';

/** The AvaTax REST v2-compatible API: an AvaTax client's environment URL (it appends `/api/v2/...`). */
export const AVATAX_BASE_PATH = '/api/v2';

/** Every base path, for the local runner's and the stack's routing. */
export const BASE_PATHS = [BASE_PATH, TAXJAR_BASE_PATH, AVATAX_BASE_PATH] as const;

/** The route's full path as clients call it (below the stage), e.g. `/api/v1/transactions/{code}`, `/docs`. */
export const fullPath = (route: Pick<RouteDef, 'base' | 'path'>): string => `${route.base ?? BASE_PATH}${route.path}`;

/** A route's handler module, relative to the project root (it exports `handler`); the function id is the route id. */
export const routeEntry = (route: Pick<RouteDef, 'handler'>): string => `functions/handlers/${route.handler}.ts`;
