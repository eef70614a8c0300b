/**
 * Label rows + timelines → instances, in HELM's order and with HELM's pairing (docs/benchmarks/ehrshot.md):
 * 1. `lab_*`: `df_labels.sample(n=10_000, random_state=1)` (the frame is in sample order);
 * 2. prompts are built over the labels sorted by (subject_id, prediction_time), then assigned back **by position**
 *    to the unsorted frame, so frame row i gets the prompt of the i-th sorted label (the suspected HELM bug, kept);
 * 3. rows whose prompt has more than `max_length` cl100k tokens are dropped; ids `id0…` over the rest, split test.
 */
import type { Instance } from '@eval-factory/types';
import { pandasSamplePositions } from '@eval-factory/metrics';
import { dataFormatError, describeValue } from '../shared/data-errors.js';
import { numberInstances, optionReferences } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';
import type { EventStore, LabelRow, SubjectId, SubjectTimeline } from './meds.js';
import { codeLine, PROMPT_TAIL, promptHead } from './prompt.js';
import type { EhrshotTask } from './tasks.js';
import { lineTokens, PromptTokenCounter } from './token-count.js';
import type { LineTokens } from './token-count.js';

export const EHRSHOT_CHOICES = ['yes', 'no'] as const;
/** HELM's `CONFIG["max_labels_per_task"]` and `CONFIG["seed"]`. */
export const MAX_LAB_LABELS = 10_000;
export const LAB_SAMPLE_SEED = 1;

/**
 * The frame HELM works on: all rows, or for `lab_*` tasks pandas' seed-1 sample of 10,000 rows in sample order.
 * pandas refuses to sample more rows than there are; we then take a seed-1 sample of all rows (a shuffle).
 */
export function helmLabelFrame(task: EhrshotTask, rows: readonly LabelRow[]): LabelRow[] {
  if (!task.startsWith('lab_')) return [...rows];
  return pandasSamplePositions(rows.length, Math.min(rows.length, MAX_LAB_LABELS), LAB_SAMPLE_SEED).map((p) => rows[p]);
}

function compareSubjects(a: SubjectId, b: SubjectId): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Frame positions sorted by (subject_id, prediction_time), stable, missing times last (pandas lexsort). */
export function sortedPositions(frame: readonly LabelRow[]): number[] {
  const time = (r: LabelRow): number => r.time ?? Infinity;
  return Array.from(frame.keys()).sort(
    (i, j) => compareSubjects(frame[i].subject, frame[j].subject) || time(frame[i]) - time(frame[j]) || i - j,
  );
}

/** Number of timeline events with time ≤ t (null times sort last and never qualify; a missing t matches none). */
export function priorEventCount(timeline: SubjectTimeline | undefined, t: number | null): number {
  if (!timeline || t === null) return 0;
  let lo = 0;
  let hi = timeline.times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (timeline.times[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface BuildOptions {
  readonly task: EhrshotTask;
  /** `null` keeps every prompt (HELM skips the check when max_length is None). */
  readonly maxLength: number | null;
  /** Named in errors about codes that cannot be tokenized. */
  readonly dataFile: string;
}

export interface BuiltInstances {
  readonly instances: Instance[];
  /** Kept instances whose prompt belongs to a label with another (subject, time). */
  readonly misaligned: number;
  /** Rows dropped for a prompt over max_length tokens. */
  readonly dropped: number;
}

/**
 * Prompt length and text for each sorted position. Labels come grouped by subject in time order, so the token sum
 * and the timeline text grow incrementally; consecutive labels of a subject share the string built so far.
 */
class SortedPrompts {
  private readonly head: string;
  private readonly counter: PromptTokenCounter | null;
  private readonly lineCounts: (LineTokens | undefined)[] = [];
  private sum = { subject: null as SubjectId | null, lines: 0, inner: 0 };
  private ehr = { subject: null as SubjectId | null, lines: 0, text: '' };

  constructor(
    private readonly events: EventStore,
    private readonly opts: BuildOptions,
  ) {
    this.head = promptHead(opts.task);
    this.counter = opts.maxLength === null ? null : new PromptTokenCounter(this.head);
  }

  private counts(codeId: number): LineTokens {
    let counts = this.lineCounts[codeId];
    if (counts === undefined) {
      const code = this.events.codes[codeId];
      try {
        counts = lineTokens(code);
      } catch (e) {
        throw dataFormatError(
          this.opts.dataFile,
          `code ${describeValue(code)} cannot be tokenized (${(e as Error).message})`,
        );
      }
      this.lineCounts[codeId] = counts;
    }
    return counts;
  }

  /** Tokens of the prompt with the first m events (`sum.inner` = Σ inner counts of the first `sum.lines` events). */
  tokens(subject: SubjectId, timeline: SubjectTimeline | undefined, m: number): number {
    if (this.counter === null) return 0;
    if (m === 0 || !timeline) return this.counter.total(0, null);
    if (this.sum.subject !== subject || this.sum.lines > m - 1) this.sum = { subject, lines: 0, inner: 0 };
    for (; this.sum.lines < m - 1; this.sum.lines++)
      this.sum.inner += this.counts(timeline.codeIds[this.sum.lines]).inner;
    return this.counter.total(this.sum.inner, this.counts(timeline.codeIds[m - 1]).last);
  }

  /** The prompt text with the first m events. */
  text(subject: SubjectId, timeline: SubjectTimeline | undefined, m: number): string {
    if (this.ehr.subject !== subject || this.ehr.lines > m) this.ehr = { subject, lines: 0, text: '' };
    if (m > this.ehr.lines && timeline) {
      const lines = Array.from(timeline.codeIds.subarray(this.ehr.lines, m), (id) =>
        codeLine(this.events.codes[id]),
      ).join('\n');
      this.ehr.text = this.ehr.lines === 0 ? lines : `${this.ehr.text}\n${lines}`;
      this.ehr.lines = m;
    }
    return this.head + this.ehr.text + PROMPT_TAIL;
  }
}

function isoMicros(us: number | null): string {
  if (us === null) return 'NaT';
  const ms = Math.floor(us / 1000);
  return new Date(ms).toISOString().replace('Z', String(us - ms * 1000).padStart(3, '0'));
}

/**
 * Builds the instances of one task from HELM's label frame (see `helmLabelFrame`) and the events.
 * @example buildEhrshotInstances(frame, events, { task: 'guo_los', maxLength: 100000, dataFile }).instances[0].id // 'id0'
 */
export function buildEhrshotInstances(
  frame: readonly LabelRow[],
  events: EventStore,
  opts: BuildOptions,
): BuiltInstances {
  const sorted = sortedPositions(frame);
  const prompts = new SortedPrompts(events, opts);
  const texts: (string | null)[] = sorted.map((position) => {
    const { subject, time } = frame[position];
    const timeline = events.timelines.get(subject);
    const m = priorEventCount(timeline, time);
    const fits = opts.maxLength === null || prompts.tokens(subject, timeline, m) <= opts.maxLength;
    return fits ? prompts.text(subject, timeline, m) : null;
  });
  const kept: UnnumberedInstance[] = [];
  let misaligned = 0;
  frame.forEach((label, i) => {
    const text = texts[i];
    if (text === null) return;
    const source = frame[sorted[i]];
    if (source.subject !== label.subject || source.time !== label.time) misaligned++;
    kept.push({
      input: { text },
      references: optionReferences(EHRSHOT_CHOICES, (c) => EHRSHOT_CHOICES[c] === (label.positive ? 'yes' : 'no')),
      split: 'test',
      source_id: `${label.subject}@${isoMicros(label.time)}`,
      extra_data: { labels_row: label.row, prompt_labels_row: source.row },
    });
  });
  return { instances: numberInstances(kept), misaligned, dropped: frame.length - kept.length };
}
