#!/usr/bin/env node
// npm links bins when it installs, before `npm run build` has made dist/: the link needs a file that is committed.
// It runs the esbuild bundle (dist/bundle/, scripts/bundle.mjs) while it is at least as new as everything it was built
// from (each package's tsc build-info file and each bundled dependency's folder in node_modules, listed in
// stamp.json); otherwise, e.g. after a plain `tsc -b` or a dependency updated since, tsc's own output.
import { staleBundleInput } from '@eval-factory/types/bundle-stamp';

const bundle = new URL('../dist/bundle/', import.meta.url);
await import(staleBundleInput(bundle) === null ? new URL('ef-bench.js', bundle).href : '../dist/bin.js');
