#!/usr/bin/env node
// npm links bins when it installs, before `npm run build` has made dist/: the link needs a file that is committed.
// It runs the esbuild bundle (dist/bundle/, scripts/bundle.mjs) while it is at least as new as every package it holds
// (their tsc build-info files, listed in stamp.json); otherwise, e.g. after a plain `tsc -b`, tsc's own output.
import { readFileSync, statSync } from 'node:fs';

function bundleIsFresh(dir) {
  try {
    const stampMs = statSync(new URL('stamp.json', dir)).mtimeMs;
    const { buildInfo } = JSON.parse(readFileSync(new URL('stamp.json', dir), 'utf8'));
    return buildInfo.every((file) => statSync(new URL(file, dir)).mtimeMs <= stampMs);
  } catch {
    return false;
  }
}

const bundle = new URL('../dist/bundle/', import.meta.url);
await import(bundleIsFresh(bundle) ? new URL('eval-factory.js', bundle).href : '../dist/bin.js');
