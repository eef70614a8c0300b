/**
 * Loads a custom benchmark's data into instances: locate (or download once) the file, stream its rows, check the
 * columns the template and the task need, render each row's prompt input, build its references, and set aside the
 * few-shot rows. Every problem is a coded error naming the file and the row or column; nothing reaches a model.
 */
import { basename, dirname, relative } from 'node:path';
import { UserError } from '@eval-factory/errors';
import type { DataFileInfo, Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { resolveDataFile } from '../shared/data-files.js';
import { hashFileStreaming } from '../shared/file-hash-stream.js';
import { customError } from './errors.js';
import { pandasPrinted } from './pandas-cells.js';
import { openRows, rowLabel } from './rows.js';
import type { DataLabel, DataRow } from './rows.js';
import { seededPermutation } from './seeded-shuffle.js';
import type { CustomSpec, DataSource } from './spec.js';
import { cellText, rowAnswer, taskColumns } from './tasks.js';
import { checkFields } from './template.js';
import type { CompiledTemplate } from './template.js';

/** Set while loading; read by the definition's `breakdown` (only shown when some row has a group). */
export interface LoadState {
  hasGroups: boolean;
}

type Built = Omit<Instance, 'id'>;

async function locateData(spec: CustomSpec, source: DataSource, ctx: LoadContext): Promise<DataFileInfo> {
  if (source.kind === 'url') {
    return resolveDataFile({
      benchmark: spec.name,
      fileName: source.fileName,
      url: source.url,
      sha256: source.sha256,
      ctx,
    });
  }
  if (ctx.dataPath) {
    return resolveDataFile({
      benchmark: spec.name,
      fileName: basename(source.path),
      url: source.path,
      sha256: source.sha256,
      ctx,
    });
  }
  const { sha256, bytes } = await hashFileStreaming(source.path);
  if (source.sha256 !== null && sha256 !== source.sha256) {
    if (!ctx.allowDataDrift) {
      throw new UserError(
        'EF_DATA_CHECKSUM',
        `Checksum mismatch for ${source.path} (${spec.file} ${source.yamlPath}): expected sha256 ${source.sha256}, got ${sha256}`,
        'The file changed since its sha256 was pinned: update the sha256 in the definition, or set extra.allow_data_drift: true to use it anyway.',
      );
    }
    ctx.warn('EF_DATA_DRIFT', `${source.path} has sha256 ${sha256}, expected ${source.sha256}; using it anyway`);
  }
  return { path: source.path, sha256, bytes };
}

function displayName(spec: CustomSpec, path: string): string {
  const rel = relative(dirname(spec.file), path);
  return rel.startsWith('..') ? path : rel;
}

/** Rows as the template sees them: raw cells, or (MedHELM) every cell printed as pandas + Python show it. */
async function* templateRows(
  spec: CustomSpec,
  rows: AsyncIterable<DataRow>,
  columns: readonly string[] | null,
): AsyncGenerator<{ row: DataRow; shown: Readonly<Record<string, unknown>> }> {
  if (spec.cells === 'raw' || columns === null) {
    for await (const row of rows) yield { row, shown: row.values };
    return;
  }
  // pandas infers each column's type from the whole file, so MedHELM rows are buffered before rendering.
  const all: DataRow[] = [];
  for await (const row of rows) all.push(row);
  const shown = pandasPrinted(
    columns,
    all.map((r) => r.cells ?? []),
  );
  for (const [i, row] of all.entries()) yield { row, shown: shown[i]! };
}

async function readInstances(
  spec: CustomSpec,
  template: CompiledTemplate,
  info: DataFileInfo,
  format: DataSource['format'],
  state: LoadState,
): Promise<Built[]> {
  const label: DataLabel = { file: spec.file, data: displayName(spec, info.path) };
  const { columns, rows } = await openRows(info.path, format, label);
  const needed = [
    ...taskColumns(spec.task),
    ...[spec.idColumn, spec.groupColumn].filter((c): c is string => c !== null),
  ];
  if (columns !== null) {
    checkFields(template, columns, spec.template.origin, spec.file, `the header of ${label.data}`);
    const missing = needed.filter((c) => !columns.includes(c));
    if (missing.length > 0)
      throw customError(
        'EF_CUSTOM_DATA',
        spec.file,
        `${label.data} header (line 1) has no column ${missing.map((m) => `"${m}"`).join(', ')} (columns: ${columns.join(', ')})`,
      );
  }
  const group = spec.groupColumn ?? (spec.format === 'medhelm' && columns?.includes('category') ? 'category' : null);
  const ids = new Map<string, string>();
  const out: Built[] = [];
  for await (const { row, shown } of templateRows(spec, rows, columns)) {
    const where = rowLabel(label, row);
    if (columns === null) checkFields(template, Object.keys(row.values), spec.template.origin, spec.file, where);
    const id = spec.idColumn === null ? null : cellText(row.values[spec.idColumn]).trim();
    if (id !== null) {
      if (id === '')
        throw customError('EF_CUSTOM_DATA', spec.file, `${where}, column "${spec.idColumn}": the id is empty`);
      const previous = ids.get(id);
      if (previous !== undefined)
        throw customError(
          'EF_CUSTOM_DATA',
          spec.file,
          `duplicate id "${id}" in column "${spec.idColumn}": ${previous} and ${where}`,
        );
      ids.set(id, where);
    }
    const answer = rowAnswer(spec, row.values, where, id ?? String(row.row));
    const subSplit = group === null ? '' : cellText(row.values[group]).trim();
    if (subSplit !== '') state.hasGroups = true;
    out.push({
      input: { text: template.render(shown, where) },
      references: answer.references,
      split: 'test',
      ...(subSplit !== '' ? { sub_split: subSplit } : {}),
      ...(answer.extra_data ? { extra_data: answer.extra_data } : {}),
      ...(id !== null ? { source_id: id } : {}),
    });
  }
  if (out.length === 0) throw customError('EF_CUSTOM_DATA', spec.file, `${label.data} has no data rows`);
  return out;
}

/** Few-shot rows: `count` rows of their own file, or of the main data (then left out of evaluation), by seed. */
function pickFewShot(spec: CustomSpec, pool: readonly Built[], own: boolean): { train: Built[]; rest: Built[] } {
  const fewShot = spec.fewShot!;
  if (fewShot.count >= pool.length + (own ? 1 : 0)) {
    const what = own
      ? `the few-shot file has only ${pool.length} rows`
      : `the data has ${pool.length} rows, so none would be left to evaluate`;
    throw customError('EF_CUSTOM_DATA', spec.file, `few_shot.count is ${fewShot.count} but ${what}`);
  }
  const chosen = seededPermutation(pool.length, fewShot.seed, 'few_shot').slice(0, fewShot.count);
  const picked = new Set(chosen);
  return {
    train: chosen.map((i) => ({ ...pool[i]!, split: 'train' as const })),
    rest: pool.filter((_, i) => !picked.has(i)),
  };
}

/**
 * The BenchmarkDefinition `load` of a custom benchmark: eval instances `id0…` (split test) in data order, then
 * few-shot instances `train0…` (split train) in the order they are shown.
 */
export async function loadCustomData(
  spec: CustomSpec,
  template: CompiledTemplate,
  ctx: LoadContext,
  state: LoadState,
): Promise<LoadedData> {
  for (const note of spec.notes) ctx.log(note);
  const info = await locateData(spec, spec.data, ctx);
  const main = await readInstances(spec, template, info, spec.data.format, state);
  let train: Built[] = [];
  let evaluated = main;
  const files = [info];
  if (spec.fewShot) {
    if (spec.fewShot.data) {
      const shotInfo = await locateData(spec, spec.fewShot.data, { ...ctx, dataPath: null });
      files.push(shotInfo);
      train = pickFewShot(
        spec,
        await readInstances(spec, template, shotInfo, spec.fewShot.data.format, { hasGroups: false }),
        true,
      ).train;
    } else {
      ({ train, rest: evaluated } = pickFewShot(spec, main, false));
    }
  }
  const instances: Instance[] = [
    ...evaluated.map((instance, i) => ({ id: `id${i}`, ...instance })),
    ...train.map((instance, i) => ({ id: `train${i}`, ...instance })),
  ];
  const source = spec.data.kind === 'url' ? spec.data.url : info.path;
  return { instances, data: { source, revision: null, files, num_rows: main.length } };
}
