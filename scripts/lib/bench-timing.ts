/** What every API benchmark shares: the enquiry it sends and how it times calls. */

export interface Timing {
  median: number;
  p95: number;
}

export interface TimeOptions {
  /** Runs before each timed call, untimed (e.g. emptying a cache for a cold read). */
  before?: () => void;
  /** The status a call must answer; by default any status below 400. */
  okStatus?: number;
}

/** Times `runs` sequential calls; a failed call stops the benchmark (its figures would lie). */
export async function time(runs: number, task: () => Promise<Response>, options: TimeOptions = {}): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    options.before?.();
    const start = performance.now();
    const response = await task();
    await response.arrayBuffer();
    samples.push(performance.now() - start);
    const ok = options.okStatus === undefined ? response.status < 400 : response.status === options.okStatus;
    if (!ok) throw new Error(`benchmark call failed with ${response.status}`);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

export const BENCH_ENQUIRY = {
  firstName: 'Bench',
  lastName: 'Mark',
  email: 'bench@example.com',
  phone: '0400 000 000',
  serviceType: 'residential-purchase',
  propertyAddress: '1 Example St, Castle Hill NSW 2154',
  message: 'Benchmark enquiry',
};
