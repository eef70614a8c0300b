/**
 * The judges files a run entry names (`jury_config_path=FILE`), for pods that share no filesystem with this
 * machine (Kubernetes): each file is carried in the ConfigMap and the entry is rewritten to point at its mounted
 * copy, so each pod resolves the same jury as the suite it belongs to.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { UserError } from '@eval-factory/errors';

/** `jury_config_path=<path>` inside a description (the value ends at the next argument or the closing quote). */
const JURY_PATH = /jury_config_path=([^,"'\s}\]]+)/g;

export interface PodFile {
  /** Its ConfigMap key (`[-._a-zA-Z0-9]`). */
  readonly key: string;
  readonly text: string;
}

/** Each judges file once, keyed `jury-<n>-<name>`, and the confs with every such path made `<dir>/<key>`. */
export function juryFilesForPods(
  confs: readonly { path: string; text: string }[],
  dir: string,
): { confs: { path: string; text: string }[]; files: PodFile[] } {
  const keys = new Map<string, PodFile>();
  const keyFor = (written: string): string => {
    // Relative to the working folder, as run_suite resolves it.
    const path = resolve(written);
    let file = keys.get(path);
    if (!file) {
      const key = `jury-${keys.size}-${basename(path).replace(/[^A-Za-z0-9._-]/g, '_')}`.slice(0, 253);
      file = { key, text: readJudges(path) };
      keys.set(path, file);
    }
    return file.key;
  };
  const out = confs.map((c) => ({
    path: c.path,
    text: c.text.replace(JURY_PATH, (_all, written: string) => `jury_config_path=${dir}/${keyFor(written)}`),
  }));
  return { confs: out, files: [...keys.values()] };
}

function readJudges(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new UserError(
      'EF_JUDGE_CONFIG',
      `jury_config_path: judges file not found: ${path}`,
      'Check the path in the run entry (relative paths are read from the working folder; docs/reproduce-medhelm.md#judges).',
    );
  }
}
