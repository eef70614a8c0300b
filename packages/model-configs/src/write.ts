/**
 * Writes the rendered model configs. Each file is written to a temporary name and renamed, so a crash never
 * leaves a half-written YAML file for the engine to read.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CodedMessage } from '@eval-factory/types';
import type { EvaluationInput } from './evaluation.js';
import { JUDGES_FILE, renderModelConfigs, type RenderedModelConfigs } from './render.js';

export interface WrittenModelConfigs {
  /** Absolute or `dir`-relative paths of the files written, in write order. */
  readonly paths: readonly string[];
  readonly warnings: readonly CodedMessage[];
}

/**
 * Renders and writes the model configs into `dir` (the `model_configs/` folder itself, created if missing).
 * A `judges.yaml` left by an earlier run is removed when no judge is configured now.
 * @example await writeModelConfigs(evaluation, join(outputDir, 'model_configs'))
 */
export async function writeModelConfigs(evaluation: EvaluationInput, dir: string): Promise<WrittenModelConfigs> {
  return writeRenderedModelConfigs(renderModelConfigs(evaluation), dir);
}

/** Writes model configs rendered earlier (`run_eval` renders first, so their errors come before any file is written). */
export async function writeRenderedModelConfigs(
  rendered: RenderedModelConfigs,
  dir: string,
): Promise<WrittenModelConfigs> {
  await mkdir(dir, { recursive: true });
  const paths: string[] = [];
  for (const [name, content] of Object.entries(rendered.files)) {
    const path = join(dir, name);
    await writeFileAtomic(path, content);
    paths.push(path);
  }
  if (!(JUDGES_FILE in rendered.files)) await rm(join(dir, JUDGES_FILE), { force: true });
  return { paths, warnings: rendered.warnings };
}

async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temp = `${path}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, content, { encoding: 'utf8', mode: 0o644 });
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}
