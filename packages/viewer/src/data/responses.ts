/**
 * responses/model.jsonl and responses/judges.jsonl: indexed once per run (where each line is, plus the live
 * request times for the latency chart), then read one instance at a time.
 */
import { join } from 'node:path';
import { RUN_FILES } from '@eval-factory/types';
import type { ChatMessageView, InstanceDetail, InstanceRecord, ResponseView } from '../shared/api-types.js';
import { judgeViews } from '../shared/judges.js';
import { forEachJsonl, readJsonlRanges, type LineRange } from './jsonl.js';
import { recordKey } from './records.js';

export interface ResponseIndex {
  /** Lines of responses/model.jsonl per (instance id, trial), in file order. */
  readonly model: ReadonlyMap<string, readonly LineRange[]>;
  /** Lines of responses/judges.jsonl per (instance id, trial). */
  readonly judges: ReadonlyMap<string, readonly LineRange[]>;
  /** request_time_s of every live (not cached) request that has one. */
  readonly latencies: readonly number[];
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const keyOf = (v: Obj): string | null =>
  typeof v.instance_id === 'string' ? recordKey(v.instance_id, num(v.train_trial_index) ?? 0) : null;

function push(map: Map<string, LineRange[]>, key: string, range: LineRange): void {
  const list = map.get(key);
  if (list) list.push(range);
  else map.set(key, [range]);
}

export async function indexResponses(dir: string): Promise<ResponseIndex> {
  const model = new Map<string, LineRange[]>();
  const judges = new Map<string, LineRange[]>();
  const latencies: number[] = [];
  await forEachJsonl(join(dir, RUN_FILES.modelResponses), (v, range) => {
    if (!isObject(v)) return;
    const key = keyOf(v);
    if (key) push(model, key, range);
    const t = num(v.request_time_s);
    if (v.cached !== true && t !== null) latencies.push(t);
  });
  await forEachJsonl(join(dir, RUN_FILES.judgeResponses), (v, range) => {
    const key = isObject(v) ? keyOf(v) : null;
    if (key) push(judges, key, range);
  });
  return { model, judges, latencies };
}

/** The prompt as sent: chat messages, or a completions prompt. */
function promptOf(request: Obj): { messages: ChatMessageView[] | null; prompt: string | null } {
  if (Array.isArray(request.messages)) {
    const messages = request.messages.filter(isObject).map((m) => ({
      role: str(m.role) ?? '?',
      content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? null),
    }));
    return { messages, prompt: null };
  }
  return { messages: null, prompt: str(request.prompt) };
}

/** One responses/model.jsonl line as the instance page shows it. */
export function responseView(line: unknown): ResponseView {
  const v = isObject(line) ? line : {};
  const result = isObject(v.result) ? v.result : {};
  const completions = Array.isArray(result.completions) ? result.completions.filter(isObject) : [];
  const usage = isObject(result.usage)
    ? Object.fromEntries(Object.entries(result.usage).map(([k, x]) => [k, num(x)]))
    : null;
  return {
    ...promptOf(isObject(v.request) ? v.request : {}),
    completions: completions.map((c) => ({ text: str(c.text) ?? '', finish_reason: str(c.finish_reason) })),
    success: result.success === true,
    error: str(result.error),
    error_kind: str(result.error_kind),
    status_code: num(result.status_code),
    attempts: num(v.attempts),
    cached: v.cached === true,
    request_time_s: num(v.request_time_s),
    usage,
    request_datetime: str(v.request_datetime),
  };
}

/**
 * Everything the instance page shows for each record: its last model response and its judges' verdicts. Reads
 * each file once (one open, lines in the order asked), which is what the static report needs for every record.
 */
export async function instanceDetails(
  dir: string,
  records: readonly InstanceRecord[],
  index: ResponseIndex,
): Promise<InstanceDetail[]> {
  const modelRanges = records.map((r) => index.model.get(recordKey(r.id, r.trial)) ?? []);
  const lastRanges = modelRanges.flatMap((ranges) => (ranges.length ? [ranges[ranges.length - 1]] : []));
  const modelLines = await readJsonlRanges(join(dir, RUN_FILES.modelResponses), lastRanges);
  const judgeRanges = records.map((r) => index.judges.get(recordKey(r.id, r.trial)) ?? []);
  const judgeLines = await readJsonlRanges(join(dir, RUN_FILES.judgeResponses), judgeRanges.flat());
  let m = 0;
  let j = 0;
  return records.map((record, i) => {
    const line = modelRanges[i].length ? modelLines[m++] : undefined;
    const judges = judgeLines.slice(j, (j += judgeRanges[i].length)).filter(isObject);
    return {
      record,
      response: line === undefined ? null : responseView(line),
      response_lines: modelRanges[i].length,
      judges: judgeViews(record.annotations, judges),
    };
  });
}
