#!/usr/bin/env node
// npm links bins when it installs, before `npm run build` has made dist/: the link needs a file that is committed.
// It runs the esbuild bundle (dist/bundle/, scripts/bundle.mjs) while it is at least as new as everything it was built
// from (each package's tsc build-info file and each bundled dependency's folder in node_modules, listed in
// stamp.json); otherwise, e.g. after a plain `tsc -b` or a dependency updated since, tsc's own output.
// The bundle's early-start.cjs checks that and, for a command that runs the engine, starts it before anything else
// loads (packages/cli/src/early-start.ts).
import { createRequire } from 'node:module';

const bundle = new URL('../dist/bundle/', import.meta.url);
await import((await startEarly()) ? new URL('eval-factory.js', bundle).href : '../dist/bin.js');

/** Whether the bundle is fresh (its engine, if the command runs one, started); false before the first build. */
async function startEarly() {
  let early;
  try {
    early = createRequire(import.meta.url)('../dist/bundle/early-start.cjs');
  } catch (error) {
    if (error?.code === 'MODULE_NOT_FOUND') return false;
    throw error;
  }
  // A file of another build's shape (before a rebuild): as if there were none.
  if (typeof early?.startEarly !== 'function') return false;
  return early.startEarly(process.argv.slice(2), bundle);
}
