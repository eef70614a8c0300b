#!/usr/bin/env node
// Target 4: a suite against two endpoints: `run_suite` of 2 models × 3 benchmarks (N invented instances each:
// pubmed_qa, medhelm_med_qa, medbullets) on one loopback server with latency L, parallelism P per endpoint, with the
// request cache on (the default: every answer is stored, none is found). Each endpoint runs its 3 jobs one after
// another, so there are two job boundaries per endpoint. Limits: each endpoint ≥ 85 % busy (mean requests in flight
// over its sending window / P, from the server's own log) and the suite's wall ≤ 1.25 × the floor of the same run:
// two bare node:http loops at once (floor-loop.mjs), one per model, each sending as many requests as that endpoint
// received, timed from the first spawn to the last exit. The ideal is the slowest endpoint's requests / P × L.
// Where it is missed, the line says why: the time before the first request, each endpoint's idle gaps at its job
// boundaries (last answer of a job → first request of the next; negative when they overlap) and where its sending
// window goes beyond its ideal: the rounds of each job up to its last request, its tail (last request → last answer,
// against one latency) and the boundaries.
//
// `--suite-floors` adds two more floors made of `run_suite` itself, with as many requests per endpoint in one
// pubmed_qa job per model (no job boundary, no second engine, nothing prepared while sending): with both endpoints,
// and with one alone. A small suite runs first and is not measured: the suite must not meet a colder fake server
// than the floors. `--latency MS` changes L (default 50).
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { cpuInWindow, cpuTreeSampler, engineProcesses } from './cpu-tree.mjs';
import { floorLoops, ms, ratio, target } from './floors.mjs';
import {
  chatRequests,
  expectOk,
  loadNote,
  printTable,
  prng,
  runCli,
  runIfMain,
  sec,
  tempDir,
  writePubmedQaData,
} from './lib.mjs';

const N = 400;
const P = 16;
export const MODELS = ['org/alpha', 'org/beta'];
/** Each benchmark and how its prompts are told apart in the server log. */
export const BENCHMARKS = [
  { name: 'pubmed_qa', marker: 'invented factor' },
  { name: 'medhelm_med_qa', marker: 'Invented medqa question' },
  { name: 'medbullets', marker: 'invented bullet vignette' },
];
const LIMIT_RATIO = 1.25;
const LIMIT_BUSY = 0.85;

/** MedQA-shaped jsonl files (test, train, dev) of invented questions. */
function writeMedQa(dir, n) {
  const rand = prng(2);
  const row = (i, kind) => {
    const options = { A: `opt a${i}`, B: `opt b${i}`, C: `opt c${i}`, D: `opt d${i}` };
    const idx = 'ABCD'[Math.floor(rand() * 4)];
    return JSON.stringify({
      question: `Invented medqa question ${kind} ${i}?`,
      answer: options[idx],
      options,
      meta_info: 'step1',
      answer_idx: idx,
      metamap_phrases: ['invented'],
    });
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'phrases_no_exclude_test.jsonl'),
    `${Array.from({ length: n }, (_, i) => row(i, 'test')).join('\n')}\n`,
  );
  writeFileSync(
    join(dir, 'phrases_no_exclude_train.jsonl'),
    `${Array.from({ length: 5 }, (_, i) => row(i, 'train')).join('\n')}\n`,
  );
  writeFileSync(
    join(dir, 'phrases_no_exclude_dev.jsonl'),
    `${Array.from({ length: 2 }, (_, i) => row(i, 'dev')).join('\n')}\n`,
  );
}

/** A Medbullets-shaped CSV of invented 5-option questions. */
function writeMedbullets(dir, n) {
  const lines = ['link,question,opa,opb,opc,opd,ope,answer_idx,answer,explanation'];
  for (let i = 0; i < n; i++)
    lines.push(
      `https://example.org/q/${i},An invented bullet vignette ${i}. What is next?,A${i},B${i},C${i},D${i},E${i},${'ABCDE'[i % 5]},${'ABCDE'[i % 5]}${i},Made up.`,
    );
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'medbullets_op5.csv'), `${lines.join('\n')}\n`);
}

const spanOf = (r) => [Date.parse(r.received_at), Date.parse(r.responded_at ?? r.received_at)];

/** Mean requests in flight over the endpoint's sending window (first received → last responded), / P. */
function utilisation(requests) {
  const spans = requests.map(spanOf);
  const first = Math.min(...spans.map((s) => s[0]));
  const last = Math.max(...spans.map((s) => s[1]));
  const busy = spans.reduce((sum, [a, b]) => sum + (b - a), 0);
  return { windowMs: last - first, utilisation: busy / ((last - first) * P) };
}

/** One endpoint's jobs in the order they ran: first request, last answer, last request, count. */
function jobSpans(requests, benchmarks) {
  return benchmarks
    .map((b) => requests.filter((r) => JSON.stringify(r.body).includes(b.marker)).map(spanOf))
    .filter((spans) => spans.length)
    .map((spans) => ({
      first: Math.min(...spans.map((s) => s[0])),
      lastSent: Math.max(...spans.map((s) => s[0])),
      last: Math.max(...spans.map((s) => s[1])),
      n: spans.length,
    }))
    .sort((a, b) => a.first - b.first);
}

/** Per job boundary of one endpoint: the last answer of a job → the first request of the job after it. */
function boundaryGaps(requests, benchmarks) {
  const jobs = jobSpans(requests, benchmarks);
  return jobs.slice(1).map((job, k) => job.first - jobs[k].last);
}

/**
 * Where an endpoint's sending window goes beyond its ideal: inside the jobs before their last request is sent (the
 * rounds: CPU), in their tails (last request sent → last answer, against one latency) and at the boundaries.
 */
function overrun(requests, benchmarks, latencyMs) {
  const jobs = jobSpans(requests, benchmarks);
  const rounds = jobs.map((j) => j.lastSent - j.first - (Math.ceil(j.n / P) - 1) * latencyMs);
  const tails = jobs.reduce((t, j) => t + (j.last - j.lastSent) - latencyMs, 0);
  // What each round (one latency of P requests) took beyond the latency, on average: the engine's turnaround.
  const perRound = rounds.reduce((a, b) => a + b, 0) / jobs.reduce((k, j) => k + Math.ceil(j.n / P) - 1, 0);
  return { rounds, perRound, tails, boundaries: boundaryGaps(requests, benchmarks).reduce((a, b) => a + b, 0) };
}

const WRITERS = { pubmed_qa: writePubmedQaData, medhelm_med_qa: writeMedQa, medbullets: writeMedbullets };

/** The invented data of `benchmarks`, `n` rows each, under `dir/data`; returns that folder (`--data_root`). */
function writeData(dir, benchmarks, n) {
  const data = join(dir, 'data');
  for (const b of benchmarks) {
    mkdirSync(join(data, b.name), { recursive: true });
    WRITERS[b.name](join(data, b.name), n);
  }
  return data;
}

/**
 * One `run_suite` of `models` × `benchmarks` (n instances each) against `server`, measured from the requests it
 * received during this run: ratio and per endpoint its utilisation, boundary gaps and overrun.
 */
export async function measureSuite(server, { models, benchmarks, n, latencyMs, perJob, env = {} }) {
  const dir = tempDir();
  const data = writeData(dir, benchmarks, n);
  const conf = join(dir, 'suite.conf');
  const entries = benchmarks.flatMap((b) => models.map((m) => `{description: "${b.name}:model=${m}", priority: 1}`));
  writeFileSync(conf, `entries: [${entries.join(', ')}]\n`);
  const seen = server.requests.length;
  let sampler = null;
  const result = await runCli(
    [
      'run_suite',
      '--conf-paths',
      conf,
      '--models-to-run',
      models.join(','),
      '--suite',
      'bench',
      '--output_dir',
      join(dir, 'out'),
      '--model_url',
      server.url,
      '--data_root',
      data,
      '--parallelism',
      String(P),
    ],
    { cpu: true, env, onSpawn: (pid) => (sampler = cpuTreeSampler(pid)) },
  );
  const sampled = sampler?.stop() ?? null;
  expectOk(result, 'run_suite');
  const requests = chatRequests({ requests: server.requests.slice(seen) });
  // Counted from the server log (a benchmark may evaluate a few more rows than N, e.g. MedQA's dev split).
  const jobSizes = models.map((m) =>
    benchmarks.map(
      (b) => requests.filter((r) => r.body?.model === m && JSON.stringify(r.body).includes(b.marker)).length,
    ),
  );
  const counted = jobSizes.flat().reduce((a, b) => a + b, 0);
  if (counted !== requests.length || jobSizes.flat().some((k) => !perJob(k)))
    throw new Error(`unexpected requests per job: the server saw ${JSON.stringify(jobSizes)} of ${requests.length}`);
  const firstMs = Math.min(...requests.map((r) => Date.parse(r.received_at))) - result.startEpochMs;
  const requestsPerEndpoint = Math.max(...jobSizes.map((sizes) => sizes.reduce((a, b) => a + b, 0)));
  const idealSendMs = (requestsPerEndpoint / P) * latencyMs;
  const perEndpoint = models.map((m) => {
    const mine = requests.filter((r) => r.body?.model === m);
    return {
      m,
      ...utilisation(mine),
      gaps: boundaryGaps(mine, benchmarks),
      over: overrun(mine, benchmarks, latencyMs),
    };
  });
  // After the last answer: the last jobs score and write their files, the suite its leaderboard.
  const lastAnswer = Math.max(...requests.map((r) => spanOf(r)[1]));
  const lastAnswerMs = lastAnswer - result.startEpochMs;
  return {
    requests,
    result,
    firstMs,
    idealSendMs,
    ratio: (result.wallMs - firstMs) / idealSendMs,
    afterMs: result.wallMs - lastAnswerMs,
    // Where the cores went while the suite sent (first request → last answer).
    cpu: sampled && cpuInWindow(sampled, result.startEpochMs + firstMs, lastAnswer),
    engines: sampled && engineProcesses(sampled).map((e) => ({ ...e, seenAt: e.seenAt - result.startEpochMs })),
    perEndpoint,
    requestsPerEndpoint,
  };
}

function options() {
  const { values } = parseArgs({
    options: { latency: { type: 'string', default: '50' }, 'suite-floors': { type: 'boolean', default: false } },
    strict: true,
  });
  const latencyMs = Number(values.latency);
  if (!Number.isFinite(latencyMs) || latencyMs <= 0) throw new Error('--latency takes a positive number of ms');
  return { latencyMs, floors: values['suite-floors'] };
}

/**
 * Where the cores went while the suite sent: its engines (and their CPU per request), the factory, the fake server
 * and the rest of the machine, against what the cores could give in that window.
 */
function cpuLine(suite, bare) {
  const c = suite.cpu;
  if (!c) return 'no CPU split (not Linux)';
  const requests = suite.requestsPerEndpoint * suite.perEndpoint.length;
  const idle = Math.max(0, c.capacity - c.engines - c.factory - c.server - c.others);
  // The floor loops' own CPU per request (in their sending loop), for comparison with the engines'.
  const floor = bare
    ? `; the floor loops ${(bare.loops.reduce((s, l) => s + l.loopCpuMs, 0) / requests).toFixed(2)} ms per request`
    : '';
  return `${sec(c.capacity)} of CPU (${availableParallelism()} cores): engines ${sec(c.engines)} (${(c.engines / requests).toFixed(2)} ms per request${floor}; ${lowNote(c, suite.perEndpoint.length)}), factory ${sec(c.factory)}, fake server ${sec(c.server)}, other work on the machine ${sec(c.others)}, idle ${sec(idle)}`;
}

/** How much of the engines' CPU ran at a lowered priority (their start-ups, preparations and files, where allowed). */
function lowNote(c, endpoints) {
  // An engine is lowered only while another endpoint's engine sends: with one endpoint none ever is.
  if (c.enginesLowered === 0 && endpoints < 2)
    return 'none of it lowered: one endpoint, no other engine sent meanwhile';
  if (c.enginesLowered === 0) return 'none of it lowered: the factory lowers an engine only where it may raise it back';
  return `${sec(c.enginesLowered)} of it lowered while another engine sent`;
}

/** The suite's table: its ratio, both measures, and per endpoint where the sending window goes beyond its ideal. */
function printSuite(suite, latencyMs) {
  printTable(
    `run_suite: ${MODELS.length} endpoints × ${BENCHMARKS.length} benchmarks, N=${N} each, P=${P}, latency ${latencyMs} ms`,
    [
      ['wall', sec(suite.result.wallMs)],
      ['start-up (before the first request)', sec(suite.firstMs)],
      ['ideal (the slowest endpoint: requests / P × latency)', sec(suite.idealSendMs)],
      ['(wall − start-up) / ideal', suite.ratio.toFixed(2)],
      ['after the last answer (files, leaderboard)', sec(suite.afterMs)],
      [
        'CPU factory+engines (user + sys)',
        suite.result.cpuS === undefined ? 'n/a (no GNU time)' : `${suite.result.cpuS.toFixed(2)} s`,
      ],
      ['CPU while sending (first request → last answer)', cpuLine(suite)],
      [
        'engine processes: started after launch → CPU in all',
        suite.engines?.map((e) => `${sec(e.seenAt)} → ${sec(e.cpuMs)}`).join(', ') ?? 'n/a (not Linux)',
      ],
      ...suite.perEndpoint.flatMap((e) => [
        [`${e.m}: utilisation over ${sec(e.windowMs)}`, `${(e.utilisation * 100).toFixed(0)} %`],
        [`${e.m}: idle at job boundaries`, e.gaps.map((g) => `${g} ms`).join(', ')],
        [
          `${e.m}: over the ideal in rounds (per job) / tails / boundaries`,
          `${e.over.rounds.reduce((a, b) => a + b, 0)} (${e.over.rounds.join(' + ')}) / ${e.over.tails} / ${e.over.boundaries} ms`,
        ],
      ]),
    ],
  );
}

/** A floor's table: its ratio, and how its time splits around the sending. */
function printFloor(title, floor) {
  printTable(title, [
    ['(wall − start-up) / ideal', floor.ratio.toFixed(2)],
    ['wall', sec(floor.result.wallMs)],
    [
      'start-up / ideal / after the last answer',
      `${sec(floor.firstMs)} / ${sec(floor.idealSendMs)} / ${sec(floor.afterMs)}`,
    ],
    ...floor.perEndpoint.map((e) => [`${e.m}: over the ideal in its rounds`, `${e.over.rounds[0]} ms`]),
  ]);
}

/** The floor: one bare node:http loop per endpoint, all at once, each sending as many requests as that endpoint got. */
async function bareFloor(server, suite) {
  const seen = server.requests.length;
  const floor = await floorLoops(
    MODELS.map((model) => ({ url: server.url, n: suite.requestsPerEndpoint, p: P, model })),
  );
  const sent = chatRequests({ requests: server.requests.slice(seen) }).length;
  if (sent !== MODELS.length * suite.requestsPerEndpoint) throw new Error(`the floor loops sent ${sent} requests`);
  return floor;
}

async function main() {
  const { latencyMs, floors } = options();
  const server = await startFakeOpenAIServer({ latencyMs, models: MODELS });
  try {
    // Not measured: it warms the fake server (its code and sockets) as much for the suite as for the floors.
    await measureSuite(server, { models: MODELS, benchmarks: BENCHMARKS, n: 2 * P, latencyMs, perJob: (k) => k > 0 });
    const suite = await measureSuite(server, {
      models: MODELS,
      benchmarks: BENCHMARKS,
      n: N,
      latencyMs,
      perJob: (k) => k >= N,
    });
    printSuite(suite, latencyMs);
    // The floors send exactly as many requests per endpoint as the suite did, in one pubmed_qa job per model.
    const n = suite.requestsPerEndpoint;
    const floor = (models) =>
      measureSuite(server, { models, benchmarks: [BENCHMARKS[0]], n, latencyMs, perJob: (k) => k === n });
    const two = floors ? await floor(MODELS) : null;
    const one = floors ? await floor(MODELS.slice(0, 1)) : null;
    if (two && one) {
      printFloor(`floor: ${MODELS.length} endpoints at once, one pubmed_qa job of ${n} each, P=${P}`, two);
      printFloor(`floor: one endpoint alone, one pubmed_qa job of ${n}, P=${P}`, one);
      // The floor ends with a job three times as large to score and write as the suite's last: compare the rounds.
      const rounds = (m) => m.perEndpoint.map((e) => e.over.rounds.reduce((a, b) => a + b, 0)).join(' / ');
      printTable('the suite against its floor (two endpoints)', [
        ['(wall − start-up) / ideal', `${suite.ratio.toFixed(2)} against ${two.ratio.toFixed(2)}`],
        // The whole command, start-up included: the floor prepares one job three times larger before it sends.
        ['wall', `${sec(suite.result.wallMs)} against ${sec(two.result.wallMs)}`],
        ['start-up (before the first request)', `${sec(suite.firstMs)} against ${sec(two.firstMs)}`],
        ['over the ideal in the rounds, per endpoint', `${rounds(suite)} against ${rounds(two)} ms`],
        ['after the last answer', `${sec(suite.afterMs)} against ${sec(two.afterMs)}`],
      ]);
    }
    const bare = await bareFloor(server, suite);
    printTable(`floor: ${MODELS.length} node:http loops at once, ${suite.requestsPerEndpoint} requests each, P=${P}`, [
      ['wall (first spawn → last exit)', sec(bare.wallMs)],
      ['the suite against it', `${(suite.result.wallMs / bare.wallMs).toFixed(2)} ×`],
    ]);
    console.log('');
    const busy = suite.perEndpoint.map((e) => `${(e.utilisation * 100).toFixed(0)} %`).join(' / ');
    target({
      n: 4,
      name: `suite, ${MODELS.length} endpoints × ${BENCHMARKS.length} benchmarks × ${N}, P=${P}, ${latencyMs} ms`,
      figure: `wall ${sec(suite.result.wallMs)} = ${ratio(suite.result.wallMs, bare.wallMs)} the floor, endpoints busy ${busy}`,
      against: `floor (${MODELS.length} node:http loops) ${sec(bare.wallMs)}, ideal ${sec(suite.idealSendMs)} (${ratio(suite.result.wallMs, suite.idealSendMs)} ideal)`,
      limit: `≤ ${LIMIT_RATIO} × floor, each endpoint ≥ ${LIMIT_BUSY * 100} % busy`,
      met:
        suite.result.wallMs <= LIMIT_RATIO * bare.wallMs && suite.perEndpoint.every((e) => e.utilisation >= LIMIT_BUSY),
      why: `before the first request ${ms(suite.firstMs)}, after the last answer ${ms(suite.afterMs)}; per endpoint: ${suite.perEndpoint.map((e) => `${e.m} idle ${e.gaps.map((g) => `${g}`).join(' + ')} ms at job boundaries, over its ideal ${e.over.rounds.reduce((a, b) => a + b, 0)} ms in the rounds (${e.over.rounds.join(' + ')} per job; ${e.over.perRound.toFixed(1)} ms per ${latencyMs} ms round), ${e.over.tails} ms in the tails`).join('; ')}; CPU factory + engines ${suite.result.cpuS?.toFixed(1) ?? 'n/a'} s; while sending, ${cpuLine(suite, bare)}`,
    });
    console.log(`suite: ${loadNote()}`);
  } finally {
    await server.close();
  }
}

await runIfMain(import.meta.url, main);
