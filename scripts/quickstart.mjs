#!/usr/bin/env node
// Quickstart: evaluates the local DEMO model on the small self-written fixtures of pubmed_qa, head_qa and
// medbullets through the real CLI, then prints where everything is. No API key, no network.
// The demo model answers by a hash of the prompt (like HELM's `simple` model): its scores mean nothing.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_BANNER, startDemoServer } from '@eval-factory/testkit';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benchmarks = ['pubmed_qa', 'head_qa', 'medbullets'];
// `--output_root DIR` (tests) puts the runs elsewhere than the checkout's quickstart-output/.
const rootFlag = process.argv.indexOf('--output_root');
const outputRoot =
  rootFlag > 0 && process.argv[rootFlag + 1] ? resolve(process.argv[rootFlag + 1]) : join(root, 'quickstart-output');

// A fresh folder each time: the demo server's port changes, and a changed endpoint is (rightly) a different run.
rmSync(outputRoot, { recursive: true, force: true });
const demo = await startDemoServer();
console.log(`\n${DEMO_BANNER}\n  listening at ${demo.url} as model demo/simple-demo-model\n`);

let failed = 0;
try {
  for (const name of benchmarks) {
    console.log(`── eval-factory run_eval --run_config configs/quickstart/${name}.yml ──`);
    // Asynchronous on purpose: the demo server lives in this process and must keep answering.
    const run = spawn(
      process.execPath,
      [
        join(root, 'packages/cli/bin/eval-factory.js'),
        'run_eval',
        '--run_config',
        `configs/quickstart/${name}.yml`,
        '--model_url',
        demo.url,
        '--output_dir',
        join(outputRoot, name),
      ],
      { cwd: root, stdio: 'inherit' },
    );
    const [code] = await once(run, 'close');
    if (code !== 0) failed++;
    console.log('');
  }
} finally {
  await demo.close();
}
console.log(
  `Done. Each run's files are under ${outputRoot}/<benchmark>/ (results.yml, evaluation_config.yaml, results.jsonl, …).`,
);
console.log('To evaluate a real model, see "Evaluate a real endpoint" in README.md.');
process.exitCode = failed ? 1 : 0;
