/**
 * A finished run's state as the factory reads it back (status, the suite's scheduler, merge): the
 * evaluation_config.yaml its run wrote, as far as those readers need it. Read here, beside the code that writes the
 * run folder, so every reader of a run's outcome takes it from one place.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_FILES } from '@eval-factory/types';
import { parse } from 'yaml';

export interface EvaluationRead {
  readonly status?: string;
  readonly errors?: readonly { code: string; message: string }[];
  readonly counts?: { readonly instances?: { readonly scored?: number; readonly evaluated?: number } };
}

/** A run folder's evaluation_config.yaml as far as status needs it; null when there is none (or it is damaged). */
export function readEvaluation(runDir: string): EvaluationRead | null {
  const file = join(runDir, RUN_FILES.evaluationConfig);
  if (!existsSync(file)) return null;
  try {
    return parse(readFileSync(file, 'utf8')) as EvaluationRead;
  } catch {
    return null;
  }
}
