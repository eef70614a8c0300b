import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Program {
  readonly file: string;
  readonly prefixArgs: string[];
}

/**
 * Turns the command's program name into something spawnable without a shell. A bin such as `ef-bench` is looked
 * up, from each start folder upwards, in `node_modules/.bin` and then in the `bin` maps of the npm workspaces of
 * a checkout (npm links a workspace bin only if its file existed at install time, i.e. never before the first
 * build). A JavaScript file (found or given as a path) is run with the current Node, so Windows and non-executable
 * files work the same.
 */
export function resolveProgram(name: string, searchFrom: readonly string[] = [process.cwd()]): Program {
  if (name.includes('/') || name.includes('\\')) return runnable(name);
  const here = dirname(fileURLToPath(import.meta.url));
  for (const start of [...searchFrom, here]) {
    for (let dir = start; ; dir = dirname(dir)) {
      const found = binInNodeModules(dir, name) ?? binInWorkspaces(dir, name);
      if (found) return runnable(found);
      if (dirname(dir) === dir) break;
    }
  }
  return { file: name, prefixArgs: [] };
}

/** The engine's program as a run finds it: from the run's working folder, then from the checkout it runs from. */
export function resolveEngine(name: string, cwd: string, repoRoot?: string): Program {
  return resolveProgram(name, [cwd, ...(repoRoot ? [repoRoot] : [])]);
}

/** A JavaScript file runs with this Node (no shebang or execute bit needed); anything else is executed itself. */
function runnable(path: string): Program {
  return /\.(c|m)?js$/.test(path) ? { file: process.execPath, prefixArgs: [path] } : { file: path, prefixArgs: [] };
}

function binInNodeModules(dir: string, name: string): string | null {
  const candidate = join(dir, 'node_modules', '.bin', name);
  return existsSync(candidate) ? realpathSync(candidate) : null;
}

function binInWorkspaces(dir: string, name: string): string | null {
  const manifest = readJson(join(dir, 'package.json'));
  const workspaces = manifest?.workspaces;
  if (!Array.isArray(workspaces)) return null;
  for (const ws of workspaces) {
    if (typeof ws !== 'string' || ws.includes('*')) continue;
    const bin = readJson(join(dir, ws, 'package.json'))?.bin;
    const target = bin && typeof bin === 'object' ? (bin as Record<string, unknown>)[name] : undefined;
    if (typeof target === 'string' && existsSync(join(dir, ws, target))) return join(dir, ws, target);
  }
  return null;
}

function readJson(path: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}
