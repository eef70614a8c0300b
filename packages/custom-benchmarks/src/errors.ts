/**
 * The coded errors of custom benchmark definitions. Each names the definition file and the YAML path,
 * data row or template field at fault, and carries one hint, so a broken definition never reaches the model.
 */
import { UserError } from '@eval-factory/errors';

/** The codes, in the order a definition is checked. */
export type CustomErrorCode =
  | 'EF_CUSTOM_BENCHMARK_FILE'
  | 'EF_CUSTOM_SCHEMA'
  | 'EF_CUSTOM_METRIC'
  | 'EF_CUSTOM_TEMPLATE'
  | 'EF_CUSTOM_DATA'
  | 'EF_PATH_OUTSIDE';

const HINTS: Readonly<Record<CustomErrorCode, string>> = {
  EF_CUSTOM_BENCHMARK_FILE: 'Pass the path of a benchmark definition (.yml/.yaml); see docs/custom-benchmarks.md.',
  EF_CUSTOM_SCHEMA:
    'Fix the fields listed; the format is packages/custom-benchmarks/src/benchmark.schema.json (docs/custom-benchmarks.md).',
  EF_CUSTOM_METRIC:
    'Use a metric that fits the task kind (docs/custom-benchmarks.md lists them); main_metric must be one of the reported metrics.',
  EF_CUSTOM_TEMPLATE:
    'Use only fields the data has (column names, exactly); write literal braces as \\{{ (Handlebars) or {{ }} (MedHELM prompt files).',
  EF_CUSTOM_DATA: 'Fix the data file at the row and column named, or point the definition at another file.',
  EF_PATH_OUTSIDE:
    'Files a definition names must sit in its own folder (symlinks resolved): copy the file there (docs/custom-benchmarks.md).',
};

/**
 * @example throw customError('EF_CUSTOM_DATA', '/q/quiz.yml', 'quiz.csv row 3: column "answer" is empty')
 */
export function customError(code: CustomErrorCode, file: string, what: string, hint: string = HINTS[code]): UserError {
  return new UserError(code, `Custom benchmark ${file}: ${what}`, hint);
}
