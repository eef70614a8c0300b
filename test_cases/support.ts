import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { runNode } from '@eval-factory/testkit';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// The committed bin, as `node_modules/.bin/eval-factory` runs it: the esbuild bundle while it is fresh (npm run build).
export const CLI = join(REPO_ROOT, 'packages/cli/bin/eval-factory.js');
export const fixture = (benchmark: string) => join(REPO_ROOT, 'packages/benchmarks/src', benchmark, 'fixture');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built `eval-factory` CLI as a real process (asynchronously, so an in-process fake server keeps serving). */
export function runCli(
  args: readonly string[],
  opts: { env?: Record<string, string | undefined>; cwd?: string } = {},
): Promise<CliResult> {
  return runNode([CLI, ...args], {
    cwd: opts.cwd ?? REPO_ROOT,
    env: {
      ...process.env,
      CI: 'true',
      EF_DATA_CACHE: join(tmpdir(), 'ef-test-data-cache'),
      EF_RETRY_BASE_SECONDS: '0.01',
      ...opts.env,
    },
  });
}

export function tempDir(prefix = 'ef-e2e-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * A `--data_root` folder: `dataRoot/<benchmark>` links each benchmark's self-written fixture (created if need be).
 * @returns `dataRoot`
 */
export function linkFixtures(dataRoot: string, benchmarks: readonly string[]): string {
  mkdirSync(dataRoot, { recursive: true });
  for (const b of benchmarks) symlinkSync(fixture(b), join(dataRoot, b));
  return dataRoot;
}

/** Writes a run_config YAML into `dir` and returns its path. */
export function writeRunConfig(dir: string, config: unknown, name = 'run_config.yml'): string {
  const path = join(dir, name);
  writeFileSync(path, stringify(config));
  return path;
}

/**
 * head_qa on its fixture against `modelUrl`, started as a real `run_eval` process for a test to stop: the tests of
 * signals (Ctrl-C, SIGTERM, a whole process group) share it. `detached` gives the run its own process group, as a
 * shell gives a foreground job, so `process.kill(-child.pid, …)` reaches the CLI and the engine alike.
 */
export function startHeadQaRun(
  modelUrl: string,
  opts: { parallelism: number; detached?: boolean },
): { out: string; runConfig: string; child: ChildProcessByStdio<null, Readable, Readable> } {
  const out = join(tempDir(), 'out');
  const runConfig = writeRunConfig(tempDir(), {
    config: {
      type: 'head_qa',
      output_dir: out,
      params: { parallelism: opts.parallelism, extra: { data_path: fixture('head_qa') } },
    },
    target: { api_endpoint: { url: modelUrl, model_id: 'fake-model', type: 'chat' } },
  });
  const child = spawn(process.execPath, [CLI, 'run_eval', '--run_config', runConfig], {
    cwd: REPO_ROOT,
    env: { ...process.env, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.detached ?? false,
  });
  return { out, runConfig, child };
}

/** Every file below `dir`, recursively, with its text (binary files read as latin1 so a secret still shows). */
export function readTree(dir: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...readTree(path));
    else out.push({ path, text: readFileSync(path, 'latin1') });
  }
  return out;
}

export function readJsonl(path: string): Record<string, any>[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}
