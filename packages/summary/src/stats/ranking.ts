/** One benchmark column of a leaderboard: a value per model (null = no value) and which way is better. */
export interface RankColumn {
  readonly lowerIsBetter: boolean;
  readonly values: readonly (number | null)[];
}

export interface ModelStanding {
  /** Mean over columns of the fraction of the other models (with a value there) that this model beats; ties ½. */
  readonly meanWinRate: number | null;
  /** Mean over columns of the model's rank there (1 = best; tied models share the mean of their ranks). */
  readonly meanRank: number | null;
  /** Columns that counted: the model has a value and at least one other model has one too. */
  readonly columns: number;
}

/**
 * HELM-style mean win rate and mean rank. Each column compares only the models that have a value in it; every
 * model appears once per column (callers pick one run per model and benchmark), so no run counts twice. A column
 * with a single model says nothing about standing and is skipped for that model.
 * @example standings(2, [{ lowerIsBetter: false, values: [0.8, 0.8] }]) // both: meanWinRate 0.5, meanRank 1.5
 */
export function standings(models: number, columns: readonly RankColumn[]): ModelStanding[] {
  const winSums = new Array<number>(models).fill(0);
  const rankSums = new Array<number>(models).fill(0);
  const counts = new Array<number>(models).fill(0);
  for (const column of columns) {
    if (column.values.length !== models)
      throw new RangeError(`a column has ${column.values.length} values for ${models} models`);
    const present = column.values.flatMap((v, i) => (v === null || !Number.isFinite(v) ? [] : [i]));
    if (present.length < 2) continue;
    for (const i of present) {
      let beats = 0;
      let ties = 0;
      for (const j of present) {
        if (j === i) continue;
        const [mine, theirs] = [column.values[i] as number, column.values[j] as number];
        if (mine === theirs) ties++;
        else if (column.lowerIsBetter ? mine < theirs : mine > theirs) beats++;
      }
      const others = present.length - 1;
      winSums[i] += (beats + ties / 2) / others;
      // Rank = 1 + the models strictly better + half of the tied ones: the mean rank of a tie group.
      rankSums[i] += 1 + (others - beats - ties) + ties / 2;
      counts[i]++;
    }
  }
  return counts.map((n, i) => ({
    meanWinRate: n ? winSums[i] / n : null,
    meanRank: n ? rankSums[i] / n : null,
    columns: n,
  }));
}
