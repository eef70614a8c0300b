/** Deterministic PRNG (mulberry32): same seed, same sequence of numbers in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RandomJsonOptions {
  readonly keys: readonly string[];
  readonly strings: readonly string[];
  readonly numbers: readonly number[];
  readonly maxDepth: number;
  /** Share of leaves that are null (the rest: undefined 5–10 %, booleans, numbers, strings). */
  readonly nullShare: number;
}

/**
 * A random JSON-like value for property tests against an oracle: nested objects and arrays, null and undefined in
 * both, awkward keys (`__proto__` becomes an own field, as JSON.parse makes it) and strings.
 */
export function randomJsonValue(random: () => number, o: RandomJsonOptions, depth = 0): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const r = random();
  if (depth < o.maxDepth && r < 0.25) {
    const object: Record<string, unknown> = {};
    const n = Math.floor(random() * 7);
    for (let i = 0; i < n; i++)
      Object.defineProperty(object, pick(o.keys), {
        value: randomJsonValue(random, o, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return object;
  }
  if (depth < o.maxDepth && r < 0.45)
    return Array.from({ length: Math.floor(random() * 5) }, () => randomJsonValue(random, o, depth + 1));
  const leaf = random();
  if (leaf < o.nullShare) return null;
  if (leaf < o.nullShare + 0.08) return undefined;
  if (leaf < o.nullShare + 0.2) return random() < 0.5;
  if (leaf < o.nullShare + 0.55) return pick([...o.numbers, random() * 1000]);
  return pick(o.strings);
}
