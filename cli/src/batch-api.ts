// What the loader needs of the API. src/api-client.ts implements it over the typed client
// (client/), so the loader never builds requests or parses responses itself.

export interface SubmissionLimits {
  /** Submissions per window of the key's batch bucket (GET /config). */
  readonly submissionsPerWindow: number;
  readonly windowSeconds: number;
  readonly maxItems: number;
}

export interface BatchItemResult {
  readonly reference_id: string;
  readonly status: 'pending' | 'succeeded' | 'failed';
  readonly total_tax?: number | undefined;
  readonly error?:
    | {
        readonly code: string;
        readonly message: string;
        /** What is wrong with each field, as the endpoint would have answered. */
        readonly details: readonly { readonly code: string; readonly message: string; readonly target: string }[];
        /** The item's own request id, to quote to support. */
        readonly request_id?: string | undefined;
      }
    | undefined;
}

export interface BatchState {
  readonly id: string;
  readonly status: 'pending' | 'completed' | 'failed';
  readonly item_count: number;
  readonly succeeded_count: number;
  readonly failed_count: number;
}

export type Submitted = { readonly ok: true; readonly id: string } | { readonly ok: false; readonly retryAfterSeconds: number };

export interface BatchApi {
  limits(): Promise<SubmissionLimits>;
  /** One submission; a 429 is returned (with its Retry-After), not thrown. */
  submit(items: readonly { reference_id: string; operation: 'calculate' | 'commit'; request: unknown }[], idempotencyKey: string): Promise<Submitted>;
  status(id: string): Promise<BatchState>;
  /** Every item of a finished batch, in submission order. */
  results(id: string): Promise<BatchItemResult[]>;
}
