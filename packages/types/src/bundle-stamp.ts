import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The input of a bundle (scripts/bundle.mjs's dist/bundle/) newer than its `stamp.json`, or null while the bundle is
 * fresh. The stamp lists what the bundle was built from: each package's tsc build-info file (rewritten whenever
 * `tsc -b` rebuilds the package) and each bundled dependency's folder in node_modules (made anew when npm installs
 * or updates it). One rule for the
 * committed bins (run the bundle, or tsc's output) and for the engine's start-up snapshot, which is built from the
 * same build (executor's engine-snapshot.ts). `dir` is the bundle's folder as a URL ending in `/`.
 * @example staleBundleInput(new URL('../dist/bundle/', import.meta.url)) // → null
 */
export function staleBundleInput(dir: URL): string | null {
  const stamp = new URL('stamp.json', dir);
  try {
    const stampMs = statSync(stamp).mtimeMs;
    const { inputs } = JSON.parse(readFileSync(stamp, 'utf8')) as { inputs: string[] };
    const stale = inputs.map((file) => new URL(file, dir)).find((url) => !(statSync(url).mtimeMs <= stampMs));
    return stale ? fileURLToPath(stale) : null;
  } catch {
    return fileURLToPath(stamp); // none, one of another form, or an input gone: not known to be fresh
  }
}
