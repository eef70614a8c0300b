// `node bench/scale.mjs --first-request 1M`: target 2 at a size from runs stopped at their first request, without
// the full run's minutes and GBs of output (the data file is written once; each run is stopped, with the engine it
// started, as soon as the server has its first request).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { target } from './floors.mjs';
import { CLI, ROOT, chatRequests, cleanup, median, tempDir, writePubmedQaData, writeRunConfig } from './lib.mjs';

/** One run of `rc` until the server has its first request (ms after spawn); the run is then stopped. */
async function untilFirstRequest(server, rc) {
  const startEpochMs = Date.now();
  // Its own process group, so the engine the CLI started is stopped with it.
  const child = spawn(process.execPath, [CLI, 'run_eval', '--run_config', rc], {
    cwd: ROOT,
    env: { ...process.env, EF_PROGRESS: 'off' },
    stdio: 'ignore',
    detached: true,
  });
  const closed = new Promise((resolve) => child.on('close', resolve));
  const first = () => chatRequests(server).find((r) => Date.parse(r.received_at) >= startEpochMs);
  try {
    while (first() === undefined) {
      if (child.exitCode !== null) throw new Error(`the run ended (exit ${child.exitCode}) before its first request`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return Date.parse(first().received_at) - startEpochMs;
  } finally {
    // The whole group, also when the CLI ended early: an engine it started must not outlive the bench.
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await closed;
  }
}

/**
 * Target 2 at `n` compact instances from three runs stopped at their first request. Each run has a server of its
 * own: closing it drops whatever the stopped run had already written to its sockets.
 */
export async function firstRequestOnly(n, { parallelism, label }) {
  const dir = tempDir();
  writePubmedQaData(dir, n, 1, { compact: true });
  const times = [];
  try {
    for (let i = 0; i < 3; i++) {
      const server = await startFakeOpenAIServer({ latencyMs: 0 });
      const outputDir = join(dir, `out-${i}`);
      try {
        times.push(
          await untilFirstRequest(
            server,
            writeRunConfig(dir, { url: server.url, outputDir, dataPath: dir, parallelism }),
          ),
        );
      } finally {
        await server.close();
        rmSync(outputDir, { recursive: true, force: true });
      }
    }
  } finally {
    cleanup();
  }
  target({
    n: 2,
    name: `first request at ${label} instances`,
    figure: `${median(times).toFixed(0)} ms after spawn (median of ${times.length} runs stopped at their first request: ${times.join(', ')} ms)`,
    against: "ideal: the 1k run's",
    limit: '≤ 1000 ms at 1M, measured',
    met: n >= 1_000_000 ? median(times) <= 1000 : null,
  });
}
