/**
 * Writes the rendered model configs. Each file is written to a temporary name and renamed, so a crash never
 * leaves a half-written YAML file for the engine to read.
 */
import { rm } from 'node:fs/promises';
import { makeOutputDirSync, writeFileAtomic } from '@eval-factory/files';
import { join } from 'node:path';
import { MODEL_CONFIG_FILES, type CodedMessage, type Evaluation } from '@eval-factory/types';
import { renderModelConfigs, type RenderedModelConfigs } from './render.js';

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
export async function writeModelConfigs(evaluation: Evaluation, dir: string): Promise<WrittenModelConfigs> {
  return writeRenderedModelConfigs(renderModelConfigs(evaluation), dir);
}

/** Writes model configs rendered earlier (`run_eval` renders first, so their errors come before any file is written). */
export async function writeRenderedModelConfigs(
  rendered: RenderedModelConfigs,
  dir: string,
): Promise<WrittenModelConfigs> {
  makeOutputDirSync(dir);
  const paths: string[] = [];
  for (const [name, content] of Object.entries(rendered.files)) {
    const path = join(dir, name);
    await writeFileAtomic(path, content);
    paths.push(path);
  }
  if (!(MODEL_CONFIG_FILES.judges in rendered.files)) await rm(join(dir, MODEL_CONFIG_FILES.judges), { force: true });
  return { paths, warnings: rendered.warnings };
}
