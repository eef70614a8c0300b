/** HELM `Stat` (docs/architecture.md): count/sum/sum_squared/min/max with derived mean/variance/stddev. */

export interface StatName {
  readonly name: string;
  readonly split: string;
  readonly sub_split?: string;
}

export interface Stat {
  readonly name: StatName;
  readonly count: number;
  readonly sum: number;
  readonly sum_squared: number;
  readonly min: number | null;
  readonly max: number | null;
  readonly mean: number | null;
  readonly variance: number | null;
  readonly stddev: number | null;
}

export interface PerInstanceStats {
  readonly instance_id: string;
  readonly train_trial_index: number;
  readonly stats: readonly Stat[];
}

/** Summary statistics as written to results.yml (docs/configuration.md). */
export interface SummaryStats {
  readonly count?: number;
  readonly sum?: number;
  readonly sum_squared?: number;
  readonly min?: number;
  readonly max?: number;
  readonly mean?: number;
  readonly variance?: number;
  readonly stddev?: number;
  readonly stderr?: number;
}
