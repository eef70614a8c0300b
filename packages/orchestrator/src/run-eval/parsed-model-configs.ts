import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';
import type { RenderedModelConfigs } from '@eval-factory/model-configs';
import { MODEL_CONFIG_FILES, RUN_FILES, type ParsedFile } from '@eval-factory/types';

/**
 * model_deployments.yaml as written into `outputDir`, parsed here for the engine (ParsedFile in @eval-factory/types):
 * this process has the YAML parser warm from the run_config, where the engine's first parse of the file was
 * 10–15 ms of its CPU before its first request. None when it does not parse or JSON (the stdin line) could not carry
 * the parse exactly: the engine then reads the file itself and reports what is wrong with it (EF_MODEL_CONFIGS).
 */
export function parsedForEngine(outputDir: string, configs: RenderedModelConfigs): ParsedFile[] {
  const text = configs.files[MODEL_CONFIG_FILES.deployments];
  if (text === undefined) return [];
  let value: unknown;
  try {
    value = parse(text);
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(value)), value)) return [];
  } catch {
    return [];
  }
  return [{ file: join(outputDir, RUN_FILES.modelConfigs, MODEL_CONFIG_FILES.deployments), text, value }];
}
