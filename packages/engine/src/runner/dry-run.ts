import { join } from 'node:path';
import { InternalError } from '@eval-factory/errors';
import { RUN_FILES, type Instance } from '@eval-factory/types';
import { createAuthContext, resolveModelKey } from '../auth/index.js';
import { buildRequestBody, type ModelDeployment } from '../clients/index.js';
import { writeJsonlAtomic } from '../output/atomic.js';
import type { Diagnostics } from './diagnostics.js';
import { DryRunSize } from './dry-run-size.js';
import { planned, type PreparedRun } from './prepare.js';
import { scrubPrepared } from './scrub-secrets.js';

/** `--dry_run`: instances.jsonl and the requests that would be sent (responses/model.jsonl); nothing is sent. */
export async function writeDryRun(
  loaded: PreparedRun,
  deployment: ModelDeployment,
  out: string,
  diag: Diagnostics,
): Promise<void> {
  // A preview needs no key, but one that is set is still kept out of the files it writes.
  try {
    resolveModelKey(
      deployment.auth,
      createAuthContext({ outputDir: out, log: () => undefined, warn: () => undefined }),
    );
  } catch {
    // no key to scrub
  }
  const prepared = scrubPrepared(loaded);
  await writeJsonlAtomic(join(out, RUN_FILES.instancesJsonl), prepared.selected, instanceLine);
  const size = new DryRunSize();
  await writeJsonlAtomic(join(out, RUN_FILES.modelResponses), planned(prepared.requests), (r) => {
    const request = buildRequestBody(r, deployment);
    size.count(r.prompt, request);
    return { instance_id: r.instance_id, train_trial_index: r.train_trial_index, request };
  });
  await size.write(out, { instances: prepared.selected.length, requests: prepared.requests.length }, diag);
}

/**
 * instances.jsonl beside a run that sends: a slice of lines per turn of the event loop, so the file is written
 * between the answers instead of holding the first requests back (a million lines take seconds). `reach`: a
 * streamed selection still growing (selection/streamed-instances.ts), whose end the file waits for; a loader's
 * error fails the write, and the file is not left half-written.
 */
export function writeInstancesFile(
  path: string,
  instances: readonly Instance[],
  reach?: (index: number) => boolean | Promise<boolean>,
): Promise<void> {
  return writeJsonlAtomic(path, inSlices(instances, reach), instanceLine);
}

/** The instances, a slice of those already read per turn; waits only for an instance the loader has not read yet. */
async function* inSlices<T>(
  items: readonly T[],
  reach: ((index: number) => boolean | Promise<boolean>) | undefined,
): AsyncGenerator<readonly T[]> {
  for (let i = 0; ; ) {
    const there = reach ? reach(i) : i < items.length;
    if (there === false || (there !== true && !(await there))) return;
    await new Promise((resolve) => setImmediate(resolve));
    // Up to a slice of what is read by now (a streamed selection may hold fewer).
    const slice = items.slice(i, i + INSTANCES_SLICE);
    // `reach` said instance i is read, so it is in `items`; were they ever to disagree, this would loop forever.
    if (slice.length === 0) throw new InternalError(`instances.jsonl: instance ${i} is read but not in the list`);
    i += slice.length;
    yield slice;
  }
}

/** Lines of instances.jsonl written per turn: about a millisecond of work. */
const INSTANCES_SLICE = 256;

/** One line of instances.jsonl (docs/configuration.md). */
export function instanceLine(i: Instance): Record<string, unknown> {
  return {
    id: i.id,
    split: i.split,
    ...(i.sub_split ? { sub_split: i.sub_split } : {}),
    input: i.input,
    references: i.references,
    ...(i.extra_data ? { extra_data: i.extra_data } : {}),
    ...(i.source_id ? { source_id: i.source_id } : {}),
    ...(i.variant ? { variant: i.variant } : {}),
  };
}
