/** Fault injection: one-shot scripted faults per endpoint (consumed in order), then random rates. */
import { ENDPOINTS, SCRIPTED_FAULTS, type Endpoint, type FaultOptions, type ScriptedFault } from './types';
import { Rng, type RandomSource } from '../core/random/prng';

/** Faults applied after the request was processed (its effect happened). */
export const POST_PROCESSING_FAULTS: ReadonlySet<ScriptedFault> = new Set([
  'drop-after-processing',
  'hang-after-processing',
]);

function checkRate(name: string, value: number | undefined): void {
  if (value !== undefined && !(value >= 0 && value <= 1))
    throw new RangeError(`faults.${name} must be between 0 and 1, got ${value}`);
}

function checkFaultOptions(f: FaultOptions): void {
  if (f.latencyMs !== undefined && !(f.latencyMs >= 0 && Number.isFinite(f.latencyMs)))
    throw new RangeError(`faults.latencyMs must be >= 0, got ${f.latencyMs}`);
  checkRate('rate10004', f.rate10004);
  checkRate('rate5xx', f.rate5xx);
  checkRate('rateDrop', f.rateDrop);
  checkRate('rateMalformed', f.rateMalformed);
}

export class FaultController {
  private readonly queues = new Map<Endpoint, ScriptedFault[]>(ENDPOINTS.map((e) => [e, []]));
  private readonly counts = new Map<Endpoint, number>(ENDPOINTS.map((e) => [e, 0]));
  private options: FaultOptions = {};
  private readonly seededRandom: RandomSource;

  constructor(seed: number, options: FaultOptions = {}) {
    this.seededRandom = Rng.seeded(seed, 2).next;
    this.setFaults(options);
  }

  /** Replaces the random fault settings. */
  setFaults(f: FaultOptions): void {
    checkFaultOptions(f);
    this.options = { ...f };
  }

  get latencyMs(): number {
    return this.options.latencyMs ?? 0;
  }

  failNext(endpoint: Endpoint, ...faults: ScriptedFault[]): void {
    const queue = this.queues.get(endpoint);
    if (!queue)
      throw new RangeError(`unknown endpoint ${JSON.stringify(endpoint)}; use one of ${ENDPOINTS.join(', ')}`);
    for (const f of faults) {
      if (!(SCRIPTED_FAULTS as readonly string[]).includes(f))
        throw new RangeError(`unknown fault ${JSON.stringify(f)}; use one of ${SCRIPTED_FAULTS.join(', ')}`);
    }
    queue.push(...faults);
  }

  /** Scripted faults still queued for an endpoint. */
  pending(endpoint: Endpoint): readonly ScriptedFault[] {
    return [...(this.queues.get(endpoint) ?? [])];
  }

  recordRequest(endpoint: Endpoint): void {
    this.counts.set(endpoint, (this.counts.get(endpoint) ?? 0) + 1);
  }

  /** Requests received for one endpoint, or for all three when omitted (faulted ones included). */
  requestCount(endpoint?: Endpoint): number {
    if (endpoint !== undefined) return this.counts.get(endpoint) ?? 0;
    let total = 0;
    for (const n of this.counts.values()) total += n;
    return total;
  }

  resetCounts(): void {
    for (const e of ENDPOINTS) this.counts.set(e, 0);
  }

  /** The fault for this request, if any: the next scripted one, else a random draw. */
  decide(endpoint: Endpoint): ScriptedFault | undefined {
    const scripted = this.queues.get(endpoint)?.shift();
    if (scripted) return scripted;
    const { rateDrop = 0, rate5xx = 0, rate10004 = 0, rateMalformed = 0 } = this.options;
    if (rateDrop + rate5xx + rate10004 + rateMalformed === 0) return undefined;
    const r = (this.options.random ?? this.seededRandom)();
    let edge = rateDrop;
    if (r < edge) return 'drop-before-processing';
    edge += rate5xx;
    if (r < edge) return 'http-503';
    edge += rate10004;
    if (r < edge) return 'platform-10004';
    edge += rateMalformed;
    if (r < edge) return 'malformed-body';
    return undefined;
  }
}
