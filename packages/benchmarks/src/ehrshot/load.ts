/** EHRSHOT (MEDS layout) → instances, as HELM's `EHRSHOTScenario` builds them (docs/benchmarks/ehrshot.md). */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UserError } from '@eval-factory/errors';
import type { DataFileInfo, LoadContext, LoadedData } from '@eval-factory/types';
import { dataFormatError } from '../shared/data-errors.js';
import { hashFileStreaming } from '../shared/file-hash-stream.js';
import { buildEhrshotInstances, helmLabelFrame, MAX_LAB_LABELS } from './instances.js';
import { checkSplitsFile, medsFiles, readEvents, readLabels } from './meds.js';
import type { LabelRow } from './meds.js';
import { EHRSHOT_TASKS, isEhrshotTask } from './tasks.js';
import type { EhrshotTask } from './tasks.js';

export const EHRSHOT_URL = 'https://som-shahlab.github.io/ehrshot-website/';
export const EHRSHOT_LICENSE = 'EHRSHOT Research Data Use Agreement (gated; access through Stanford)';
/** HELM's run-spec default (`get_ehrshot_spec(subject, max_length=100000)`). */
export const DEFAULT_MAX_LENGTH = 100_000;

const GATED_HINT =
  'This task uses gated or private data: obtain it under its license and set config.params.extra.data_path (and subject/condition).';

function argError(message: string, hint: string): UserError {
  return new UserError('EF_BENCHMARK_ARG', `ehrshot: ${message}`, hint);
}

/** `subject` (required, one of the 14 tasks) and `max_length` (integer ≥ 0, or null for no limit). */
export function ehrshotArgs(args: LoadContext['args']): { task: EhrshotTask; maxLength: number | null } {
  const subject = args.subject ?? null;
  if (subject === null || subject === '') {
    throw new UserError(
      'EF_MISSING_DATA_PATH',
      "The benchmark 'ehrshot' needs extra.subject (one of the 14 EHRSHOT tasks)",
      GATED_HINT,
    );
  }
  if (!isEhrshotTask(subject))
    throw argError(`unknown subject ${JSON.stringify(subject)}`, `Use one of: ${EHRSHOT_TASKS.join(', ')}.`);
  const raw = args.max_length === undefined ? DEFAULT_MAX_LENGTH : args.max_length;
  const maxLength = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (maxLength !== null && !(typeof maxLength === 'number' && Number.isInteger(maxLength) && maxLength >= 0)) {
    throw argError(
      `max_length ${JSON.stringify(raw)} is not a whole number of tokens`,
      "Use an integer such as 100000 (HELM's default).",
    );
  }
  return { task: subject, maxLength };
}

/** `extra.data_path` must be the MEDS folder itself. */
async function medsRoot(ctx: LoadContext): Promise<string> {
  if (!ctx.dataPath)
    throw new UserError(
      'EF_MISSING_DATA_PATH',
      "The benchmark 'ehrshot' uses gated data and needs extra.data_path (the EHRSHOT MEDS folder)",
      GATED_HINT,
    );
  const root = resolve(ctx.dataPath);
  const info = await stat(root).catch(() => null);
  if (!info) {
    throw new UserError(
      'EF_DATA_NOT_FOUND',
      `Benchmark data not found: ${root}`,
      'extra.data_path must name the EHRSHOT MEDS folder (holding data/, metadata/ and labels/).',
    );
  }
  if (!info.isDirectory()) {
    throw dataFormatError(
      root,
      'extra.data_path must be the EHRSHOT MEDS folder (holding data/, metadata/ and labels/), not a file',
    );
  }
  return root;
}

async function fileInfo(path: string): Promise<DataFileInfo> {
  return { path, ...(await hashFileStreaming(path)) };
}

function reportOrder(ctx: LoadContext, task: EhrshotTask, kept: number, misaligned: number): void {
  const what = `ehrshot/${task}: HELM builds prompts over the labels sorted by (subject_id, prediction_time) and assigns them back by position to the unsorted${task.startsWith('lab_') ? ' (sampled)' : ''} label frame`;
  if (misaligned > 0) {
    ctx.warn(
      'EF_HELM_MISALIGNMENT',
      `${what}; reproduced for comparability: ${misaligned} of ${kept} instances pair a label with another label's prompt (see docs/benchmarks/ehrshot.md)`,
    );
  } else {
    ctx.log(`${what}; the labels are already in that order, so every instance keeps its own prompt`);
  }
}

function logSample(ctx: LoadContext, task: EhrshotTask, rows: readonly LabelRow[]): void {
  if (!task.startsWith('lab_')) return;
  const note =
    rows.length < MAX_LAB_LABELS
      ? ' (pandas would refuse a sample larger than the table; all rows are shuffled instead)'
      : '';
  ctx.log(
    `ehrshot/${task}: ${Math.min(rows.length, MAX_LAB_LABELS)} of ${rows.length} labels sampled with pandas sample(random_state=1)${note}`,
  );
}

/** Reads the MEDS folder at `extra.data_path` and builds one instance per (kept) label. */
export async function loadEhrshot(ctx: LoadContext): Promise<LoadedData> {
  const root = await medsRoot(ctx);
  const { task, maxLength } = ehrshotArgs(ctx.args);
  const files = await medsFiles(root, task);
  await checkSplitsFile(files.splits);
  const rows = await readLabels(files.labels);
  const frame = helmLabelFrame(task, rows);
  logSample(ctx, task, rows);
  const events = await readEvents(files.data, new Set(frame.map((r) => r.subject)));
  const built = buildEhrshotInstances(frame, events, { task, maxLength, dataFile: files.data });
  reportOrder(ctx, task, built.instances.length, built.misaligned);
  if (built.dropped > 0)
    ctx.log(
      `ehrshot/${task}: dropped ${built.dropped} of ${frame.length} labels whose prompt exceeds max_length=${maxLength} cl100k tokens`,
    );
  return {
    instances: built.instances,
    data: {
      source: EHRSHOT_URL,
      revision: null,
      files: [await fileInfo(files.data), await fileInfo(files.splits), await fileInfo(files.labels)],
      num_rows: rows.length,
    },
  };
}
