/** EHRSQL entries → instances, exactly as HELM's `EhrSqlScenario` builds them (docs/benchmarks/ehr_sql.md). */
import { CORRECT_TAG } from '@eval-factory/types';
import type { Instance, Split } from '@eval-factory/types';
import { pyStrip } from '@eval-factory/metrics';
import { dataFormatError, describeValue } from '../shared/data-errors.js';

/**
 * HELM's schema prompt: each line stripped; a block runs from a line starting `CREATE TABLE` to the next line
 * ending with `;` (the opening line itself is never checked for `;`); blocks joined by a blank line; all other lines
 * dropped, as is a block the file ends inside.
 * @example extractSchemaText('DROP TABLE a;\nCREATE TABLE a\n(\n  x INT\n);\n') // 'CREATE TABLE a\n(\nx INT\n);'
 */
export function extractSchemaText(sqlText: string): string {
  const blocks: string[] = [];
  let current: string[] | null = null;
  for (const rawLine of sqlText.split('\n')) {
    const line = pyStrip(rawLine);
    if (line.startsWith('CREATE TABLE')) current = [line];
    else if (current !== null) {
      current.push(line);
      if (line.endsWith(';')) {
        blocks.push(current.join('\n'));
        current = null;
      }
    }
  }
  return blocks.join('\n\n');
}

/** HELM's source line continuation puts 21 spaces between `--` and `Question:`. */
const QUESTION_HEADER = `--${' '.repeat(21)}Question:`;

/**
 * The instance input: schema, question, and a trailing blank line.
 * @example ehrSqlInputText('CREATE TABLE t\n(x INT);', 'How many?') // '-- Database Schema:\nCREATE TABLE t\n(x INT);\n\n--                     Question:\nHow many?\n\n'
 */
export function ehrSqlInputText(schema: string, question: string): string {
  return `-- Database Schema:\n${schema}\n\n${QUESTION_HEADER}\n${question}\n\n`;
}

/** One question file of the EHRSQL release and the split HELM gives it. */
export interface EhrSqlFile {
  readonly path: string;
  readonly entries: readonly unknown[];
  readonly split: Split;
}

type UnnumberedInstance = Omit<Instance, 'id'>;

function entryInstance(raw: unknown, index: number, file: EhrSqlFile, schema: string): UnnumberedInstance | null {
  const fail = (what: string): never => {
    throw dataFormatError(file.path, `entry ${index}: ${what}`);
  };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) fail('the entry is not an object');
  const entry = raw as Record<string, unknown>;
  // HELM keeps only entries that have both keys; all entries of the release do.
  if (!('question' in entry) || !('query' in entry)) return null;
  if (typeof entry.question !== 'string') fail(`question is ${describeValue(entry.question)}, not a string`);
  if (typeof entry.query !== 'string') fail(`query is ${describeValue(entry.query)}, not a string`);
  const value = 'value' in entry ? entry.value : {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    fail(`value is ${describeValue(entry.value)}, not an object`);
  const isImpossible = entry.is_impossible ?? false;
  if (typeof isImpossible !== 'boolean')
    fail(`is_impossible is ${describeValue(entry.is_impossible)}, not true or false`);
  const sourceId = typeof entry.id === 'string' || typeof entry.id === 'number' ? { source_id: String(entry.id) } : {};
  return {
    input: { text: ehrSqlInputText(schema, entry.question as string) },
    references: [{ output: { text: entry.query as string }, tags: [CORRECT_TAG] }],
    split: file.split,
    extra_data: { db_path: 'eicu.sqlite', value, is_impossible: isImpossible },
    ...sourceId,
  };
}

/**
 * Instances of the question files in order (train, valid, test), numbered `id<firstId>…`; `firstId` is 9,270 when
 * train.json is not loaded, so eval ids match HELM's. Entries lacking `question` or `query` are skipped, as in HELM.
 */
export function buildEhrSqlInstances(
  files: readonly EhrSqlFile[],
  schema: string,
  firstId: number,
  log: (message: string) => void,
): Instance[] {
  const kept: UnnumberedInstance[] = [];
  for (const file of files) {
    let skipped = 0;
    file.entries.forEach((raw, i) => {
      const instance = entryInstance(raw, i, file, schema);
      if (instance === null) skipped++;
      else kept.push(instance);
    });
    if (skipped > 0) log(`ehr_sql: skipped ${skipped} entries of ${file.path} without question or query`);
  }
  return kept.map((instance, i) => ({ id: `id${firstId + i}`, ...instance }));
}
