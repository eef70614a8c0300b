/**
 * Files a definition points at: data sources (local path or pinned URL) and template files, resolved relative to
 * the definition's folder. Template files are read here, synchronously, because the engine resolves a run entry
 * (and so loads the definition) before anything asynchronous starts; data files are only located, not read.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, relative, resolve } from 'node:path';
import { customError } from './errors.js';
import type { CustomErrorCode } from './errors.js';
import type { RawDefinition } from './read-definition.js';
import { yamlPath } from './read-definition.js';
import type { DataFormat, DataSource } from './spec.js';

type Path = readonly (string | number)[];

/** An error placed at a YAML path of the definition: `task.pattern (line 7, column 3): …`. */
export function fieldError(raw: RawDefinition, code: CustomErrorCode, path: Path, what: string, hint?: string): Error {
  return customError(code, raw.file, `${raw.at(path)}: ${what}`, hint);
}

const FORMAT_BY_EXTENSION: Readonly<Record<string, DataFormat>> = {
  '.csv': 'csv',
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
  '.json': 'json',
};

function formatOf(raw: RawDefinition, path: Path, name: string, explicit: unknown): DataFormat {
  if (typeof explicit === 'string') return explicit as DataFormat;
  const format = FORMAT_BY_EXTENSION[extname(name).toLowerCase()];
  if (!format)
    throw fieldError(
      raw,
      'EF_CUSTOM_SCHEMA',
      [...path, 'format'],
      `cannot tell the format of ${name} from its extension; set csv, jsonl or json`,
    );
  return format;
}

/** True when `file` (a real path) is `folder` itself or below it. */
function isInside(folder: string, file: string): boolean {
  const rel = relative(folder, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * The file a definition names at `path`: looked up in the definition's folder first, then (for MedHELM files, which
 * HELM opens from the working directory) the current directory. Whatever is found must lie inside the folder it was
 * looked up in once symlinks are resolved: a definition is often someone else's file, and without this rule
 * `template_file: /etc/shadow` or `../../.config/credentials` would be read and sent to the model.
 * @throws UserError EF_PATH_OUTSIDE when the file exists but lies outside its folder.
 */
export function locate(raw: RawDefinition, path: Path, named: string, alsoCwd: boolean): string | null {
  const roots = [dirname(raw.file), ...(alsoCwd ? [process.cwd()] : [])];
  for (const root of roots) {
    const candidate = resolve(root, named);
    if (!existsSync(candidate) || !statSync(candidate).isFile()) continue;
    const real = realpathSync(candidate);
    if (isInside(realpathSync(root), real)) return real;
    throw fieldError(raw, 'EF_PATH_OUTSIDE', path, `${named} resolves to ${real}, outside ${realpathSync(root)}`);
  }
  return null;
}

/** `data`-like mapping → DataSource; exactly one of `path` / `url`, the local file must exist. */
export function dataSource(raw: RawDefinition, path: Path, value: Record<string, unknown>): DataSource {
  const where = yamlPath(path);
  if ((value.path === undefined) === (value.url === undefined)) {
    throw fieldError(
      raw,
      'EF_CUSTOM_SCHEMA',
      path,
      'give exactly one of path (a local file) or url (https, with sha256)',
    );
  }
  const sha256 = typeof value.sha256 === 'string' ? value.sha256 : null;
  if (typeof value.url === 'string') {
    const url = value.url;
    const fileName = basename(new URL(url).pathname) || 'data';
    return {
      kind: 'url',
      url,
      fileName,
      format: formatOf(raw, path, fileName, value.format),
      sha256: sha256!,
      yamlPath: `${where}.url`,
    };
  }
  const named = value.path as string;
  const file = locate(raw, [...path, 'path'], named, false);
  if (!file)
    throw fieldError(
      raw,
      'EF_CUSTOM_DATA',
      [...path, 'path'],
      `data file not found: ${resolve(dirname(raw.file), named)}`,
      'Paths are relative to the definition file; check the name and that the file exists.',
    );
  return {
    kind: 'local',
    path: file,
    format: formatOf(raw, path, file, value.format),
    sha256,
    yamlPath: `${where}.path`,
  };
}

/** Reads a template file named at `path` (relative to the definition); missing → EF_CUSTOM_TEMPLATE. */
export function readTemplateFile(
  raw: RawDefinition,
  path: Path,
  named: string,
  alsoCwd = false,
): { text: string; file: string } {
  const file = locate(raw, path, named, alsoCwd);
  if (!file)
    throw fieldError(
      raw,
      'EF_CUSTOM_TEMPLATE',
      path,
      `template file not found: ${resolve(dirname(raw.file), named)}`,
      'Paths are relative to the definition file; check the name and that the file exists.',
    );
  try {
    return { text: readFileSync(file, 'utf8'), file };
  } catch (error) {
    throw fieldError(
      raw,
      'EF_CUSTOM_TEMPLATE',
      path,
      `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

/** Inline text or a file, exactly one of the two. */
export function templateText(
  raw: RawDefinition,
  path: Path,
  value: Record<string, unknown>,
): { text: string; origin: string } {
  const inline = value.template;
  const fromFile = value.template_file;
  if ((inline === undefined) === (fromFile === undefined))
    throw fieldError(raw, 'EF_CUSTOM_SCHEMA', path, 'give exactly one of template (inline) or template_file');
  if (typeof inline === 'string') return { text: inline, origin: `${yamlPath(path)}.template` };
  const { text, file } = readTemplateFile(raw, [...path, 'template_file'], fromFile as string);
  return { text, origin: file };
}
