/**
 * Re-running into a folder resumes from its cache, but only for the same evaluation (docs/configuration.md). A folder
 * whose only run failed before sending anything (no answer, no cache entry worth keeping: a bad judge credential, a
 * data path that did not load) holds nothing to resume, so it does not block a corrected config.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareWithPrevious, outputDirMismatch, readYamlFile } from '@eval-factory/config';
import { RUN_FILES } from '@eval-factory/types';

/** Lines in a JSONL log; 0 when it does not exist. */
function lineCount(file: string): number {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '').length;
  } catch {
    return 0;
  }
}

/**
 * True when `outputDir` holds a finished run (evaluation_config.yaml written) with status error that sent no request
 * to the model or a judge (empty or absent responses logs). A run killed before it wrote its status is not one.
 */
export function failedBeforeSending(outputDir: string): boolean {
  const evaluationFile = join(outputDir, RUN_FILES.evaluationConfig);
  if (!existsSync(evaluationFile)) return false;
  let status: unknown;
  try {
    status = (readYamlFile(evaluationFile) as { status?: unknown } | null)?.status;
  } catch {
    return false;
  }
  return (
    status === 'error' &&
    lineCount(join(outputDir, RUN_FILES.modelResponses)) === 0 &&
    lineCount(join(outputDir, RUN_FILES.judgeResponses)) === 0
  );
}

/** Where the run in `outputDir` differs from `evaluation` (RESUME_IGNORED_PATHS aside); [] without a run there. */
function differences(outputDir: string, evaluation: unknown): string[] {
  const previous = join(outputDir, RUN_FILES.runConfig);
  if (!existsSync(previous)) return [];
  return compareWithPrevious(readYamlFile(previous), evaluation as never);
}

/**
 * Throws `EF_OUTPUT_DIR_MISMATCH` when `outputDir` holds a run of another configuration that has something to keep;
 * returns a note to print when a differing run that sent nothing is replaced, else null.
 */
export function checkPreviousRun(outputDir: string, evaluation: unknown): string | null {
  const diffs = differences(outputDir, evaluation);
  if (diffs.length === 0) return null;
  if (failedBeforeSending(outputDir))
    return `note: ${outputDir} held a run that failed before sending anything; it is replaced by this configuration\n`;
  throw outputDirMismatch(outputDir, diffs);
}

/**
 * What `checkPreviousRun` would refuse, without throwing: the differing paths of a run in `outputDir` that has
 * something to keep, [] when run_eval would go ahead (a suite checks every job before its first).
 */
export function refusedDifferences(outputDir: string, evaluation: unknown): string[] {
  const diffs = differences(outputDir, evaluation);
  return diffs.length === 0 || failedBeforeSending(outputDir) ? [] : diffs;
}
