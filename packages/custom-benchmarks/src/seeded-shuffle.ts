/**
 * Deterministic option shuffling for multiple-choice definitions (`shuffle_seed`): each row's order depends only
 * on the seed and the row's key, so adding or removing other rows never reshuffles it. HELM does not shuffle;
 * this is an eval-factory feature (mulberry32 over an FNV-1a hash, documented in docs/custom-benchmarks.md).
 */

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: a small, well-distributed 32-bit generator; returns floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A permutation of 0…n−1 for (seed, key), by Fisher–Yates.
 * @example seededPermutation(4, 7, 'row-12') // e.g. [2, 0, 3, 1], the same on every run
 */
export function seededPermutation(n: number, seed: number, key: string): number[] {
  const random = mulberry32(fnv1a(`${seed}\u0000${key}`));
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
