/**
 * The browser part of the viewer, compiled by tsc to plain ES modules: dist/browser/ (the pages, from browser/)
 * and dist/shared/ (the DOM-free modules the server runs too). Served from there and inlined into the static
 * report; never fetched from anywhere else.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '@eval-factory/errors';

/** The entry module, relative to the assets folder. */
export const ENTRY_MODULE = 'browser/main.js';
/** The folders of the assets folder (dist/) that the browser may load; the server's own modules are not among them. */
const BROWSER_FOLDERS = ['browser', 'shared'];

/** packages/viewer/dist, found from this module (src/server in tests, dist/server when built). */
export function assetsDir(): string {
  return fileURLToPath(new URL('../../dist/', import.meta.url));
}

/** Fails with a hint when the browser modules were not built (`npm run build` compiles them). */
export function checkBrowserBuild(dir: string = assetsDir()): void {
  if (!existsSync(join(dir, ENTRY_MODULE))) {
    throw new UserError(
      'EF_VIEWER_NOT_BUILT',
      `the viewer's browser code is missing: ${join(dir, ENTRY_MODULE)}`,
      'build it first: npm run build (in the eval-factory checkout)',
    );
  }
}

/** A browser module below `dir` named by a URL path part (`browser/main.js`), or null when it is not one. */
export function assetPath(dir: string, urlPath: string): string | null {
  if (!urlPath.endsWith('.js') || urlPath.includes('\0')) return null;
  const rel = relative(dir, resolve(dir, urlPath));
  const [top] = rel.split(sep);
  if (rel.startsWith('..') || !BROWSER_FOLDERS.includes(top) || !existsSync(join(dir, rel))) return null;
  return join(dir, rel);
}

/** Every browser module (path `/`-separated, relative to `dir` → source without its source-map comment). */
export function browserModules(dir: string = assetsDir()): Record<string, string> {
  checkBrowserBuild(dir);
  const out: Record<string, string> = {};
  for (const folder of BROWSER_FOLDERS) {
    for (const entry of readdirSync(join(dir, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
      const full = join(entry.parentPath, entry.name);
      out[relative(dir, full).split(sep).join('/')] = readFileSync(full, 'utf8').replace(
        /\n\/\/# sourceMappingURL=.*\s*$/,
        '\n',
      );
    }
  }
  return out;
}
