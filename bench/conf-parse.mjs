#!/usr/bin/env node
// The run-entries parser (a suite's `--conf-paths`) on invented confs of 2 000 and 20 000 entries, median of 5
// parses each. Prints the time per entry at each size and their ratio: a parser linear in its text keeps the
// ratio near 1 (target ≤ 2); reading each entry's line number by re-splitting the text made it ~10 (20k entries
// took 19–44 s).
import { parseRunEntries } from '@eval-factory/suite';
import { loadNote, median, printTable, runIfMain, sec, summary } from './lib.mjs';

const SIZES = [2_000, 20_000];
const REPEATS = 5;
const TARGET_RATIO = 2;

/** A conf of `n` entries, one per line, in the shape of HELM's run_entries_medhelm_public.conf. */
function conf(n) {
  const lines = Array.from(
    { length: n },
    (_, k) =>
      `  {description: "pubmed_qa:model=org/model-${k % 50},max_eval_instances=${k}", priority: ${1 + (k % 3)}},`,
  );
  return `# invented\nentries: [\n${lines.join('\n')}\n]\n`;
}

function parseMs(text) {
  const times = [];
  for (let r = 0; r < REPEATS; r++) {
    const start = process.hrtime.bigint();
    parseRunEntries(text, 'bench.conf');
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

await runIfMain(import.meta.url, async () => {
  console.log(loadNote());
  const perEntry = SIZES.map((n) => ({ n, ms: parseMs(conf(n)) }));
  printTable(
    'run-entries parse (median of 5)',
    perEntry.map(({ n, ms }) => [`${n} entries`, sec(ms), `${((ms * 1000) / n).toFixed(2)} µs/entry`]),
  );
  const [small, large] = perEntry;
  const ratio = large.ms / large.n / (small.ms / small.n);
  summary(
    `conf-parse: ${large.n} entries in ${sec(large.ms)}; per-entry time ${large.n}/${small.n} = ${ratio.toFixed(2)} × (target ≤ ${TARGET_RATIO}) ${ratio <= TARGET_RATIO ? 'OK' : 'MISSED'}`,
  );
});
