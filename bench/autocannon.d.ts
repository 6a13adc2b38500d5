/**
 * The part of autocannon (https://github.com/mcollina/autocannon) the benchmarks and the load test
 * use, programmatically. The package ships no types. Latencies are in milliseconds (whole ms).
 */
declare module "autocannon" {
  export interface AutocannonRequest {
    path?: string;
    method?: string;
    headers?: Record<string, string>;
  }
  export interface AutocannonOptions {
    url: string;
    connections?: number;
    amount?: number;
    duration?: number;
    timeout?: number;
    pipelining?: number;
    requests?: AutocannonRequest[];
    headers?: Record<string, string>;
    title?: string;
    /** Run the load on this many worker threads (off the calling thread). */
    workers?: number;
  }
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    p99_9: number;
    total?: number;
  }
  export interface AutocannonResult {
    title?: string;
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
    statusCodeStats?: Record<string, { count: number }>;
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
