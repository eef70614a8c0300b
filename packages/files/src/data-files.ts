/**
 * Where a benchmark's data file comes from (docs/benchmarks.md): the user's `extra.data_path`, else the per-user
 * cache, else one download into the cache. Pinned checksums are verified on every load.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import type { DataFileInfo, LoadContext } from '@eval-factory/types';
import { fetchUrlToFile } from './download.js';
import type { FetchOptions } from './download.js';
import { hashFile } from './hashing.js';
import { reportDrift } from './shipped-fixture.js';

export interface ResolveDataFileOptions {
  /** Registry name; the cache folder is `<cacheDir>/datasets/<benchmark>/`. */
  readonly benchmark: string;
  readonly fileName: string;
  /** Other names accepted inside a `data_path` folder (e.g. head_qa's original release file). */
  readonly alternativeFileNames?: readonly string[];
  readonly url: string;
  /** Pinned sha256 of the file, or `null` when the upstream is only pinned some other way. */
  readonly sha256: string | null;
  readonly ctx: LoadContext;
  /** Custom download into `tmpPath` (e.g. paged API rows); defaults to a plain GET of `url`. */
  readonly download?: (tmpPath: string) => Promise<void>;
  /** Timeout and retry settings of the default download. */
  readonly fetchOptions?: FetchOptions;
}

async function statOrNull(path: string): Promise<Awaited<ReturnType<typeof stat>> | null> {
  try {
    return await stat(path);
  } catch {
    return null;
  }
}

async function exists(path: string): Promise<boolean> {
  return (await statOrNull(path))?.isFile() ?? false;
}

function notFound(path: string): UserError {
  return new UserError(
    'EF_DATA_NOT_FOUND',
    `Benchmark data not found: ${path}`,
    'extra.data_path must name the data file itself or a folder that contains it; remove it to download the data.',
  );
}

async function findUserFile(dataPath: string, names: readonly string[]): Promise<string> {
  const info = await statOrNull(dataPath);
  if (!info) throw notFound(dataPath);
  if (!info.isDirectory()) return dataPath;
  for (const name of names) {
    const candidate = join(dataPath, name);
    if (await exists(candidate)) return candidate;
  }
  throw notFound(join(dataPath, names[0]));
}

/** Pinned-hash check; `strict` throws EF_DATA_CHECKSUM unless the run allows drift, otherwise it warns. */
function checkPinned(actual: string, opts: ResolveDataFileOptions, path: string, strict: boolean): void {
  const expected = opts.sha256;
  if (expected === null || actual === expected) return;
  if (strict && !opts.ctx.allowDataDrift) {
    throw new UserError(
      'EF_DATA_CHECKSUM',
      `Checksum mismatch for ${path} (${opts.url}): expected sha256 ${expected}, got ${actual}`,
      'The upstream data changed or the cached copy is damaged: delete the file to download it again, or set extra.allow_data_drift: true to use it anyway.',
    );
  }
  reportDrift(opts.ctx, path, `${path} has sha256 ${actual}, expected ${expected}`);
}

async function downloadIntoCache(
  opts: ResolveDataFileOptions,
  finalPath: string,
  folder: string,
): Promise<DataFileInfo> {
  await mkdir(folder, { recursive: true });
  // A unique temp name in the same folder, renamed into place only when complete and verified, so concurrent
  // runs and interrupted downloads never leave a half-written file under the final name.
  const tmpPath = join(folder, `.${opts.fileName}.${process.pid}.${randomBytes(4).toString('hex')}.part`);
  opts.ctx.log(`downloading ${opts.url} -> ${finalPath}`);
  try {
    await (opts.download ? opts.download(tmpPath) : fetchUrlToFile(opts.url, tmpPath, opts.fetchOptions));
    const { sha256, bytes } = await hashFile(tmpPath);
    checkPinned(sha256, opts, finalPath, true);
    await rename(tmpPath, finalPath);
    return { path: finalPath, sha256, bytes };
  } finally {
    await unlink(tmpPath).catch(() => undefined);
  }
}

/**
 * Finds (or downloads once) a benchmark data file and verifies its pinned sha256.
 * Order: `ctx.dataPath` (file, or folder holding `fileName`; a hash mismatch only warns, it is the user's copy),
 * then `<cacheDir>/datasets/<benchmark>/<fileName>`, then a download with an atomic rename into that cache path.
 * @example const file = await resolveDataFile({ benchmark: 'pubmed_qa', fileName: 'ori_pqal.json', url, sha256, ctx })
 */
export async function resolveDataFile(opts: ResolveDataFileOptions): Promise<DataFileInfo> {
  const { ctx } = opts;
  if (ctx.dataPath) {
    const path = await findUserFile(ctx.dataPath, [opts.fileName, ...(opts.alternativeFileNames ?? [])]);
    const { sha256, bytes } = await hashFile(path);
    checkPinned(sha256, opts, path, false);
    return { path, sha256, bytes };
  }
  const folder = join(ctx.cacheDir, 'datasets', opts.benchmark);
  const cachedPath = join(folder, opts.fileName);
  if (await exists(cachedPath)) {
    const { sha256, bytes } = await hashFile(cachedPath);
    checkPinned(sha256, opts, cachedPath, true);
    return { path: cachedPath, sha256, bytes };
  }
  return downloadIntoCache(opts, cachedPath, folder);
}

/** A data file a loader reads as a stream (`streamJsonObjectBatches`), and what `DataInfo` records of it. */
export interface StreamedDataFile {
  readonly path: string;
  /** Give it every chunk of the file as it is read: a user's own file is hashed in that same pass. */
  readonly onBytes: (chunk: Buffer) => void;
  /** Size and sha256, once every chunk was seen; a user's file that is not the pinned one warns (EF_DATA_DRIFT) then. */
  readonly info: () => DataFileInfo;
}

/**
 * `resolveDataFile` for a loader that streams the file. The user's own file (`extra.data_path`, possibly far larger
 * than the upstream one, or a pipe) is hashed as the loader reads it, not in a pass before: its pin only warns. A
 * cached or downloaded copy is verified first, as its mismatch is an error that must come before anything is sent.
 */
export async function resolveStreamedDataFile(opts: ResolveDataFileOptions): Promise<StreamedDataFile> {
  if (!opts.ctx.dataPath) {
    const file = await resolveDataFile(opts);
    return { path: file.path, onBytes: () => undefined, info: () => file };
  }
  const path = await findUserFile(opts.ctx.dataPath, [opts.fileName, ...(opts.alternativeFileNames ?? [])]);
  const hash = createHash('sha256');
  let bytes = 0;
  let info: DataFileInfo | null = null;
  return {
    path,
    onBytes(chunk) {
      hash.update(chunk);
      bytes += chunk.length;
    },
    info() {
      if (info === null) {
        info = { path, sha256: hash.digest('hex'), bytes };
        checkPinned(info.sha256, opts, path, false);
      }
      return info;
    },
  };
}
