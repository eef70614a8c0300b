/** One run folder in the viewer: its summary, run page, instance pages; each loaded on first use and kept. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { isUserError } from '@eval-factory/errors';
import {
  bootstrapMeanCI,
  readInstanceValues,
  valuesInOrder,
  type BootstrapOptions,
  type Interval,
  type Leaderboard,
  type RunInfo,
} from '@eval-factory/summary';
import type {
  InstanceDetail,
  InstancePage,
  InstanceQuery,
  MetricView,
  RunSummaryView,
  RunView,
  Verdict,
} from '../shared/api-types.js';
import { histogram } from '../shared/histogram.js';
import { queryInstances, searchText } from '../shared/query.js';
import { loadRecords, recordKey, type LoadedRecords } from './records.js';
import { indexResponses, instanceDetails, type ResponseIndex } from './responses.js';
import { codedMessages, efficiencyFacts, obj, requestCounts, runFacts } from './run-facts.js';

function readYamlFile(path: string): Record<string, unknown> {
  try {
    return existsSync(path) ? obj(parse(readFileSync(path, 'utf8'))) : {};
  } catch {
    return {}; // summary's readRun already reported a damaged file as a problem of this run
  }
}

function readJsonFile(path: string): Record<string, unknown> {
  try {
    return existsSync(path) ? obj(JSON.parse(readFileSync(path, 'utf8'))) : {};
  } catch {
    return {};
  }
}

/** `95 % percentile bootstrap over instances (mulberry32 seed 0, 2000 resamples)`. */
export function intervalMethod(b: BootstrapOptions): string {
  return `${Math.round(b.level * 100)} % percentile bootstrap over instances (mulberry32 seed ${b.seed}, ${b.resamples} resamples)`;
}

export class RunEntry {
  private recordsPromise: Promise<LoadedRecords> | null = null;
  private responsesPromise: Promise<ResponseIndex> | null = null;
  private metricsPromise: Promise<{ metrics: MetricView[]; problems: string[] }> | null = null;
  private haystack: string[] | null = null;

  constructor(
    readonly id: string,
    readonly displayDir: string,
    readonly info: RunInfo,
    private readonly bootstrap: BootstrapOptions,
  ) {}

  get mainMetric(): string | null {
    return this.info.metrics.find((m) => m.main)?.name ?? null;
  }

  records(): Promise<LoadedRecords> {
    this.recordsPromise ??= loadRecords(this.info.dir, this.mainMetric);
    return this.recordsPromise;
  }

  responses(): Promise<ResponseIndex> {
    this.responsesPromise ??= indexResponses(this.info.dir);
    return this.responsesPromise;
  }

  /** Every reported metric with its interval (each resampled from results.jsonl with the same seed). */
  metrics(): Promise<{ metrics: MetricView[]; problems: string[] }> {
    this.metricsPromise ??= this.computeMetrics();
    return this.metricsPromise;
  }

  private async computeMetrics(): Promise<{ metrics: MetricView[]; problems: string[] }> {
    const evaluation = readYamlFile(join(this.info.dir, 'evaluation_config.yaml'));
    const described = new Map(
      (Array.isArray(evaluation.metrics) ? evaluation.metrics : []).map(obj).map((m) => [String(m.name), m]),
    );
    const problems: string[] = [];
    const intervals = new Map<string, Interval | null>();
    const resampled = this.info.metrics.filter((m) => !m.ratio);
    if (this.info.resultsJsonl && resampled.length) {
      try {
        const values = await readInstanceValues(this.info.resultsJsonl, new Set(resampled.map((m) => m.name)));
        // Same values and seed give the same interval: metrics that agree on every instance (common for the
        // exact_match family of a multiple-choice benchmark) are resampled once.
        const byValues = new Map<string, Interval | null>();
        for (const m of resampled) {
          const v = valuesInOrder(values, m.name);
          const key = v.join(',');
          if (!byValues.has(key)) byValues.set(key, bootstrapMeanCI(v, this.bootstrap));
          intervals.set(m.name, byValues.get(key) ?? null);
        }
      } catch (error) {
        if (!isUserError(error)) throw error;
        problems.push(error.message);
      }
    }
    const metrics = this.info.metrics.map((m) => {
      const d = described.get(m.name) ?? {};
      return {
        name: m.name,
        value: m.value,
        count: m.count,
        interval: intervals.get(m.name) ?? null,
        main: m.main,
        helm_compatible: m.helmCompatible,
        lower_is_better: m.lowerIsBetter,
        description: typeof d.description === 'string' ? d.description : '',
        corrects: typeof d.corrects === 'string' ? d.corrects : null,
        ratio: m.ratio,
      };
    });
    return { metrics, problems };
  }

  /** The run's line in the list of runs; the main metric's interval comes from the leaderboard when it has it. */
  async summary(board?: Leaderboard): Promise<RunSummaryView> {
    const cell = board?.rows.flatMap((r) => r.cells).find((c) => c?.runDir === this.info.dir);
    const main = this.info.metrics.find((m) => m.main);
    const mainView =
      main && cell
        ? {
            name: main.name,
            value: main.value,
            count: main.count,
            interval: cell.ci,
            main: true,
            helm_compatible: main.helmCompatible,
            lower_is_better: main.lowerIsBetter,
            description: '',
            corrects: null,
            ratio: main.ratio,
          }
        : ((await this.metrics()).metrics.find((m) => m.main) ?? null);
    const i = this.info;
    return {
      id: this.id,
      dir: this.displayDir,
      task: i.task,
      scenario: i.scenario,
      model: i.model,
      state: i.state,
      started_at: i.startedAt,
      main: mainView,
      counts: i.counts,
      problems: i.problems,
    };
  }

  /** Everything the run page shows. */
  async view(): Promise<RunView> {
    const evaluation = readYamlFile(join(this.info.dir, 'evaluation_config.yaml'));
    const metricsJson = readJsonFile(join(this.info.dir, 'eval_factory_metrics.json'));
    const [{ metrics, problems }, loaded, responses] = await Promise.all([
      this.metrics(),
      this.records(),
      this.responses(),
    ]);
    const verdicts: Record<Verdict, number> = { correct: 0, wrong: 0, scored: 0, failed: 0, unscored: 0 };
    for (const r of loaded.records) verdicts[r.verdict]++;
    const runConfigPath = join(this.info.dir, 'run_config.yml');
    const summary = await this.summary();
    return {
      summary: { ...summary, problems: [...summary.problems, ...problems, ...loaded.problems] },
      interval_method: intervalMethod(this.bootstrap),
      metrics,
      facts: runFacts(evaluation),
      requests: requestCounts(evaluation),
      efficiency: efficiencyFacts(evaluation, metricsJson),
      latency: histogram(responses.latencies),
      verdicts,
      main_metric: this.mainMetric,
      warnings: codedMessages(evaluation.warnings),
      errors: codedMessages(evaluation.errors),
      run_config_yaml: existsSync(runConfigPath) ? readFileSync(runConfigPath, 'utf8') : null,
    };
  }

  /** One page of the instance browser. */
  async page(query: InstanceQuery): Promise<InstancePage> {
    const { records } = await this.records();
    if (query.q && !this.haystack) this.haystack = records.map(searchText);
    const haystack = this.haystack;
    return queryInstances(records, query, haystack ? (i) => haystack[i] : undefined);
  }

  /** One instance page, or null when the run has no such (instance, trial). */
  async detail(instanceId: string, trial: number): Promise<InstanceDetail | null> {
    const loaded = await this.records();
    const at = loaded.byKey.get(recordKey(instanceId, trial));
    if (at === undefined) return null;
    const [detail] = await instanceDetails(this.info.dir, [loaded.records[at]], await this.responses());
    return detail;
  }

  /** The instance pages of the first `limit` records (all by default), for the static report. */
  async allDetails(limit: number | null = null): Promise<{ details: InstanceDetail[]; total: number }> {
    const { records } = await this.records();
    const chosen = limit === null ? records : records.slice(0, limit);
    return { details: await instanceDetails(this.info.dir, chosen, await this.responses()), total: records.length };
  }
}
