/**
 * A pinned folder of MTSamples-style .txt reports (mtsamples_replicate, mtsamples_procedures): the user's
 * `data_path` (the folder, or one that contains it), else the data cache, else one download into the cache. The
 * user's copy only warns when its checksum differs; a cached or downloaded copy must match unless drift is allowed.
 */
import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import type { LoadContext } from '@eval-factory/types';
import { downloadReportFolder } from './download.js';
import type { MtsamplesEndpoints, ReportSource } from './download.js';
import { readReportFolder } from './folder.js';
import type { ReportFolder } from './folder.js';
import { reportDrift } from '@eval-factory/files';

export interface PinnedReportFolder {
  /** Benchmark name: the cache folder `datasets/<benchmark>/<folder>`. */
  readonly benchmark: string;
  readonly source: ReportSource;
  /** Where the folder is shown to users (its GitHub tree URL). */
  readonly url: string;
  /** `folderDigest` of the pinned files. */
  readonly sha256: string;
}

const isDirectory = async (path: string): Promise<boolean> =>
  (await stat(path).catch(() => null))?.isDirectory() ?? false;

function checkFolder(pin: PinnedReportFolder, folder: ReportFolder, ctx: LoadContext, strict: boolean): void {
  if (folder.sha256 === pin.sha256) return;
  if (strict && !ctx.allowDataDrift) {
    throw new UserError(
      'EF_DATA_CHECKSUM',
      `Checksum mismatch for ${folder.path} (${pin.url}): expected folder sha256 ${pin.sha256}, got ${folder.sha256}`,
      'The upstream data changed or the cached copy is damaged: delete the folder to download it again, or set extra.allow_data_drift: true to use it anyway.',
    );
  }
  reportDrift(
    ctx,
    folder.path,
    `${folder.path} (${folder.files.length} files) has folder sha256 ${folder.sha256}, expected ${pin.sha256}`,
  );
}

async function userFolder(pin: PinnedReportFolder, dataPath: string): Promise<string> {
  const nested = join(dataPath, pin.source.folder);
  if (await isDirectory(nested)) return nested;
  if (await isDirectory(dataPath)) return dataPath;
  throw new UserError(
    'EF_DATA_NOT_FOUND',
    `Benchmark data not found: ${dataPath} is not a folder`,
    `extra.data_path must be the ${pin.source.folder}/ folder of .txt reports, or a folder that contains it.`,
  );
}

/** The report folder of `pin`, checked; a download goes to a temporary sibling renamed into place once verified. */
export async function resolvePinnedReportFolder(
  pin: PinnedReportFolder,
  ctx: LoadContext,
  endpoints: MtsamplesEndpoints,
): Promise<ReportFolder> {
  if (ctx.dataPath) {
    const folder = await readReportFolder(await userFolder(pin, ctx.dataPath));
    checkFolder(pin, folder, ctx, false);
    return folder;
  }
  const cached = join(ctx.cacheDir, 'datasets', pin.benchmark, pin.source.folder);
  if (await isDirectory(cached)) {
    const folder = await readReportFolder(cached);
    checkFolder(pin, folder, ctx, true);
    return folder;
  }
  const tmp = `${cached}.${process.pid}.${randomBytes(4).toString('hex')}.part`;
  ctx.log(`downloading ${pin.url} -> ${cached}`);
  try {
    await downloadReportFolder(tmp, endpoints, pin.source);
    checkFolder(pin, await readReportFolder(tmp), ctx, true); // checked once, before it is renamed into place
    await rename(tmp, cached);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return readReportFolder(cached);
}
