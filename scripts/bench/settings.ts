// How long and how hard the bench's HTTP figures run (environment variables, `npm run bench --
// --help` lists them), the keys of its seed, and the rounding of its figures.

export const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/**
 * Commits are warmed up longer: they are bound by DynamoDB Local's JVM, whose C2 compiler needs
 * about half a minute of transactions to reach its steady speed (a runner lives longer than that).
 */
export const COMMIT_WARMUP_SECONDS = Number(process.env.BENCH_COMMIT_WARMUP_SECONDS ?? 30);
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

/** The bench's key, with a raised limit. */
export const KEY = 'stx_test_bench000000000000000000';
/** A key at the default limits: one rate-counter write per request. */
export const DEFAULT_KEY = 'stx_test_benchdefault0000000000';

/** Figures by name, in the order of the bench's final JSON line. */
export type Figures = Record<string, number>;
export type Log = (line: string) => void;

export const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
