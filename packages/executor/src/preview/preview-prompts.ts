/**
 * The first prompts of a run exactly as they would be sent (docs/configuration.md extended for custom benchmarks):
 * the engine's own `--dry-run` builds every request body into a temporary folder — the same code path as a real
 * run, so what is shown is what would be sent — and the folder is deleted afterwards. The run's output folder is
 * never touched and no endpoint is contacted.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { UserError } from '@eval-factory/errors';
import { readDryRunSummary, RUN_FILES, type DryRunSummary, type Evaluation } from '@eval-factory/types';
import { renderArgv } from '../render/render-command.js';
import { runEngineTool } from '../spawn/engine-tool.js';

export interface PreviewMessage {
  /** `system` / `user` for a chat endpoint; null for a completions endpoint's single prompt. */
  readonly role: string | null;
  readonly content: string;
}

export interface PromptPreview {
  readonly instanceId: string;
  readonly messages: readonly PreviewMessage[];
}

export interface PreviewResult {
  /** The first `count` requests, in the order the engine sends them. */
  readonly prompts: readonly PromptPreview[];
  /** The run's size as the engine's dry run counted it (instances, requests, prompt and output tokens). */
  readonly summary: DryRunSummary;
  /** What the engine printed on stderr (for people: its dry-run sentence, warnings). */
  readonly engineLog: string;
}

export interface PreviewOptions {
  /** The merged Evaluation; its UNrendered `command` is rendered with `config.output_dir` set to a temporary folder. */
  readonly evaluation: Evaluation;
  /** Writes the model configs the engine reads into this folder (the CLI passes model-configs' writer). */
  readonly prepare: (modelConfigsDir: string) => Promise<void>;
  /** Default 3. */
  readonly count?: number;
  readonly cwd?: string;
  readonly repoRoot?: string;
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Runs the engine's dry run into a temporary folder and returns the first prompts.
 * @throws the engine's own coded error (e.g. a broken definition), else `EF_DRY_RUN_FAILED`.
 * @example const { prompts } = await previewPrompts({ evaluation, prepare: (dir) => writeModelConfigs(evaluation, dir).then(() => {}) })
 */
export async function previewPrompts(opts: PreviewOptions): Promise<PreviewResult> {
  const dir = await mkdtemp(join(tmpdir(), 'ef-dry-run-'));
  try {
    await opts.prepare(join(dir, RUN_FILES.modelConfigs));
    const { evaluation } = opts;
    const inTemp = { ...evaluation, config: { ...evaluation.config, output_dir: dir } };
    const [program, ...args] = renderArgv(evaluation.command, inTemp);
    const result = await runEngineTool([...args, '--dry-run'], {
      program,
      cwd: opts.cwd,
      repoRoot: opts.repoRoot,
      ...(opts.env ? { env: opts.env } : {}),
    });
    if (result.exitCode !== 0) throw engineFailure(result.exitCode, result.stderr);
    const summary = await readSummary(dir, result.stderr);
    const prompts = await firstPrompts(join(dir, RUN_FILES.modelResponses), opts.count ?? 3);
    return { prompts, summary, engineLog: result.stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The dry run's summary; an engine that exited 0 without a readable one is a failure, never a run of size 0.
 * @throws EF_DRY_RUN_FAILED naming the file and what is wrong with it
 */
async function readSummary(dir: string, stderr: string): Promise<DryRunSummary> {
  const file = join(dir, RUN_FILES.dryRunSummary);
  const text = await readFile(file, 'utf8').catch(() => null);
  const read = text === null ? { problem: 'was not written' } : readDryRunSummary(text);
  if ('summary' in read) return read.summary;
  throw dryRunFailure(
    `the engine's dry run exited 0 but its summary ${RUN_FILES.dryRunSummary} ${read.problem}`,
    stderr,
  );
}

/** The first `count` request bodies of the dry run's responses/model.jsonl, read line by line up to the last one. */
async function firstPrompts(file: string, count: number): Promise<PromptPreview[]> {
  if (count <= 0) return [];
  const prompts: PromptPreview[] = [];
  const input = createReadStream(file, 'utf8');
  try {
    for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (line.trim() === '') continue;
      prompts.push(toPreview(JSON.parse(line)));
      if (prompts.length >= count) break;
    }
  } finally {
    input.destroy();
  }
  return prompts;
}

/** One line of the dry run's responses/model.jsonl: `{instance_id, request: <the JSON body>}`. */
function toPreview(line: { instance_id?: unknown; request?: { messages?: unknown; prompt?: unknown } }): PromptPreview {
  const body = line.request ?? {};
  const messages = Array.isArray(body.messages)
    ? body.messages.map((m: { role?: unknown; content?: unknown }) => ({
        role: String(m.role ?? 'user'),
        content: String(m.content ?? ''),
      }))
    : [{ role: null, content: String(body.prompt ?? '') }];
  return { instanceId: String(line.instance_id ?? ''), messages };
}

const CODED = /^error\[(EF_[A-Z0-9_]+)\]: (.*)$/m;
const HINT = /^hint: (.*)$/m;

/** The engine's coded error passes through unchanged (it names the file, field or row); anything else is wrapped. */
function engineFailure(exitCode: number, stderr: string): UserError {
  const coded = CODED.exec(stderr);
  if (coded) return new UserError(coded[1] as string, coded[2] as string, HINT.exec(stderr)?.[1]);
  return dryRunFailure(`the engine could not build the prompts (exit ${exitCode})`, stderr);
}

function dryRunFailure(message: string, stderr: string): UserError {
  const tail = stderr.trim().split('\n').slice(-5).join('\n');
  return new UserError(
    'EF_DRY_RUN_FAILED',
    `${message}${tail ? `:\n${tail}` : ''}`,
    'Run `eval-factory validate` on the benchmark definition to see what is wrong; add --debug for details.',
  );
}
