/*
 * The part of autocannon 8's programmatic API the API benchmark uses. autocannon ships no types and the
 * root package.json takes no @types package for a benchmark, so the shapes are declared here from
 * lib/aggregateResult.js and lib/requestIterator.js.
 */
declare module 'autocannon' {
  /** A request as autocannon builds it; setupRequest may change any of these per request. */
  export interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
    /** Called with each answer to this request (the body as a string, never parsed by autocannon). */
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void
  }

  export interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    timeout?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: Request[]
  }

  /** Percentiles as autocannon reports them (latency in ms, requests per second per sample). */
  export interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    p99_9: number
  }

  export interface Result {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    resets: number
    '2xx': number
    statusCodeStats: Record<string, { count: number }>
    latency: Histogram & { totalCount: number }
    requests: Histogram & { sent: number }
    throughput: Histogram
  }

  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
