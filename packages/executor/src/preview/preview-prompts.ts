/**
 * The first prompts of a run exactly as they would be sent (docs/configuration.md extended for custom benchmarks):
 * the engine's own `--dry-run` builds every request body into a temporary folder — the same code path as a real
 * run, so what is shown is what would be sent — and the folder is deleted afterwards. The run's output folder is
 * never touched and no endpoint is contacted.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { renderArgv, type TemplateEvaluation } from '../render/render-command.js';
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
  readonly totalRequests: number;
  /** What the engine printed on stderr (its dry-run line: instances, requests, prompt size). */
  readonly engineLog: string;
}

export interface PreviewOptions {
  /** The merged Evaluation; its UNrendered `command` is rendered with `config.output_dir` set to a temporary folder. */
  readonly evaluation: TemplateEvaluation & { readonly command: string };
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
    await opts.prepare(join(dir, 'model_configs'));
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
    const lines = (await readFile(join(dir, 'responses', 'model.jsonl'), 'utf8'))
      .split('\n')
      .filter((l) => l.trim() !== '');
    const prompts = lines.slice(0, opts.count ?? 3).map((line) => toPreview(JSON.parse(line)));
    return { prompts, totalRequests: lines.length, engineLog: result.stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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
  const tail = stderr.trim().split('\n').slice(-5).join('\n');
  return new UserError(
    'EF_DRY_RUN_FAILED',
    `the engine could not build the prompts (exit ${exitCode})${tail ? `:\n${tail}` : ''}`,
    'Run `eval-factory validate` on the benchmark definition to see what is wrong; add --debug for details.',
  );
}
