/**
 * Helpers for the custom-benchmark tests (not exported from the package): self-written definitions and data files
 * in a temp folder, and loading them with a recording context.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchmarkDefinition, LoadedData, MetricInput, MetricValues, PromptRequest } from '@eval-factory/types';
import { recordingContext } from '../shared/test-support.js';
import type { RecordingContext } from '../shared/test-support.js';
import { loadCustomBenchmark } from './definition.js';

/** A self-written four-question quiz (CSV), used by most tests. */
export const QUIZ_CSV = [
  'id,topic,question,opa,opb,opc,opd,answer',
  'q1,nutrition,Which vitamin deficiency causes scurvy?,Vitamin A,Vitamin B12,Vitamin C,,C',
  'q2,endocrine,Which organ secretes insulin?,Liver,Pancreas,Spleen,Kidney,B',
  'q3,cardiology,"Normal adult resting heart rate, per minute?",20-40,60-100,120-160,180-200,B',
  'q4,toxicology,Antidote for paracetamol overdose?,Naloxone,Flumazenil,N-acetylcysteine,Atropine,C',
].join('\n');

export const QUIZ_YML = `name: toy_quiz
description: Self-written test quiz
data:
  path: quiz.csv
  id_column: id
prompt:
  instructions: Pick the correct option.
  input_noun: Question
  template: "{{question}}"
task:
  kind: multiple_choice
  options_columns: [opa, opb, opc, opd]
  answer_column: answer
`;

/** Writes `files` (name → text or bytes) into a new temp folder and returns the folder. */
export function writeFiles(files: Readonly<Record<string, string | Uint8Array>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ef-custom-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

/** Writes the files and loads `def.yml` from them. */
export function definitionFrom(
  files: Readonly<Record<string, string | Uint8Array>>,
  main = 'def.yml',
): { dir: string; benchmark: BenchmarkDefinition } {
  const dir = writeFiles(files);
  return { dir, benchmark: loadCustomBenchmark(join(dir, main)) };
}

export function contextFor(dir: string, fields: Partial<RecordingContext> = {}): RecordingContext {
  return recordingContext({ cacheDir: join(dir, '.cache'), ...fields });
}

/** Definition + data → loaded instances (throws what the definition or the data throws). */
export async function loadFrom(
  files: Readonly<Record<string, string | Uint8Array>>,
  main = 'def.yml',
): Promise<LoadedData & { benchmark: BenchmarkDefinition; ctx: RecordingContext }> {
  const { dir, benchmark } = definitionFrom(files, main);
  const ctx = contextFor(dir);
  return { ...(await benchmark.load(ctx)), benchmark, ctx };
}

/** The error a promise or a function throws (`null` when none), for `code` / `message` assertions. */
export async function caught(run: () => unknown): Promise<{ code?: string; message: string } | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return error as { code?: string; message: string };
  }
}

/** Every metric of a benchmark on one instance and answer (the request's output mapping as the engine builds it). */
export function scoreWith(
  benchmark: BenchmarkDefinition,
  input: Omit<MetricInput, 'request'> & { request?: Partial<PromptRequest> },
): MetricValues {
  const request: PromptRequest = {
    instance_id: input.instance.id,
    train_trial_index: 0,
    prompt: 'p',
    temperature: 0,
    max_tokens: 1,
    stop: [],
    top_p: null,
    num_completions: 1,
    top_k_per_token: 1,
    ...input.request,
  };
  return Object.assign({}, ...benchmark.metrics.map((f) => f.compute({ ...input, request })));
}
