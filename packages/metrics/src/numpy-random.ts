/**
 * Port of NumPy's legacy `RandomState` (MT19937), shared by the engine's instance selection (docs/architecture.md,
 * `np.random.seed(0); permutation(n)`) and the data loaders that replay pandas' `df.sample(n, random_state=seed)`.
 * Pure and dependency-free, so it lives here beside the other Python-compatibility helpers.
 */

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

export class NumpyLegacyRandom {
  private readonly mt = new Uint32Array(N);
  private index = N;

  /** NumPy legacy `seed(s)` / `RandomState(s)` for an integer 0 ≤ s < 2³² (`init_genrand`, not `init_by_array`). */
  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new RangeError(`seed must be an integer in [0, 2^32), got ${seed}`);
    }
    this.mt[0] = seed;
    for (let i = 1; i < N; i++) {
      const prev = this.mt[i - 1]!;
      this.mt[i] = (Math.imul(1812433253, prev ^ (prev >>> 30)) + i) >>> 0;
    }
  }

  /** Regenerates the 624-word state (the standard MT19937 twist). */
  private twist(): void {
    const mt = this.mt;
    for (let k = 0; k < N; k++) {
      const y = (mt[k]! & UPPER_MASK) | (mt[(k + 1) % N]! & LOWER_MASK);
      mt[k] = mt[(k + M) % N]! ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    this.index = 0;
  }

  /** Next tempered 32-bit output, as an unsigned integer. */
  next32(): number {
    if (this.index >= N) this.twist();
    let y = this.mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** Uniform integer in [0, max] by masked rejection (NumPy legacy `random_interval`), for max < 2³². */
  bounded(max: number): number {
    if (max === 0) return 0;
    let mask = max;
    mask |= mask >>> 1;
    mask |= mask >>> 2;
    mask |= mask >>> 4;
    mask |= mask >>> 8;
    mask |= mask >>> 16;
    mask >>>= 0;
    let value: number;
    do {
      value = (this.next32() & mask) >>> 0;
    } while (value > max);
    return value;
  }

  /**
   * NumPy legacy `permutation(n)`: Fisher–Yates from the end, `j = bounded(i)`.
   * @example new NumpyLegacyRandom(0).permutation(5) // [2, 0, 1, 3, 4]
   */
  permutation(n: number): number[] {
    const a = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i >= 1; i--) {
      const j = this.bounded(i);
      const tmp = a[i]!;
      a[i] = a[j]!;
      a[j] = tmp;
    }
    return a;
  }
}

/**
 * Row positions that pandas `df.sample(n=size, random_state=seed)` keeps, in the order it returns them:
 * `RandomState(seed).choice(rows, size, replace=False)`, which for the legacy generator is
 * `permutation(rows)[:size]`. pandas raises when size > rows; callers decide what to do then.
 * @example pandasSamplePositions(7, 3, 1) // [6, 2, 1]
 */
export function pandasSamplePositions(rows: number, size: number, seed: number): number[] {
  if (size > rows) throw new RangeError(`cannot sample ${size} of ${rows} rows without replacement`);
  return new NumpyLegacyRandom(seed).permutation(rows).slice(0, size);
}
