// Preloaded into both processes of a measured run (`NODE_OPTIONS=--require <this file>`, set by cpu.mjs): samples the
// process's own CPU time (process.cpuUsage) every 10 ms against the wall clock, and with BENCH_CPU_PROFILE=1 also
// records a V8 CPU profile through the inspector (`--cpu-prof` itself is not allowed in NODE_OPTIONS). On exit it
// writes `<engine|factory>-<pid>.json` into BENCH_CPU_DIR. The timer is unref'd: it never keeps a process alive.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.BENCH_CPU_DIR;
if (dir) {
  const role = /packages[\\/]engine[\\/]/.test(process.argv[1] ?? '') ? 'engine' : 'factory';
  const samples = [];
  const sample = () => {
    const { user, system } = process.cpuUsage();
    samples.push([Date.now(), (user + system) / 1000]);
  };
  sample();
  setInterval(sample, 10).unref();
  let session = null;
  if (process.env.BENCH_CPU_PROFILE === '1') {
    session = new Session();
    session.connect();
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 200 });
    session.post('Profiler.start');
  }
  // performance.timeOrigin: the process's start on the wall clock (its module loading counts as CPU before sampling).
  // marks: the run's start-up marks (START_MARKS in @eval-factory/types) as [name, epoch ms].
  const write = (profile) =>
    writeFileSync(
      join(dir, `${role}-${process.pid}.json`),
      JSON.stringify({
        role,
        timeOrigin: performance.timeOrigin,
        samples,
        profile,
        profileEpochMs: profileEpoch,
        threads: threadCpu(),
        marks: performance.getEntriesByType('mark').map((m) => [m.name, performance.timeOrigin + m.startTime]),
        // `--snapshot-blob …` when the process started from a start-up snapshot (the engine's, scripts/snapshot.mjs).
        execArgv: process.execArgv,
      }),
    );
  // CPU ms of each thread still running at exit, from /proc (Linux; null elsewhere): the process's own thread and
  // the others (V8's compiler and GC helpers, Node's thread pool). A thread that ended before is the process's total
  // less these.
  const threadCpu = () => {
    try {
      const ms = (tid) => {
        const f = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
        return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
      };
      const others = readdirSync('/proc/self/task').filter((tid) => Number(tid) !== process.pid);
      return { main: ms(process.pid), others: others.reduce((sum, tid) => sum + ms(tid), 0) };
    } catch {
      return null;
    }
  };
  // The profile's clock (CLOCK_MONOTONIC in µs, as process.hrtime) on the wall clock: epoch ms = profileEpoch + µs / 1000.
  const profileEpoch = Date.now() - Number(process.hrtime.bigint() / 1000n) / 1000;
  process.on('exit', () => {
    sample();
    if (!session) return write(null);
    session.post('Profiler.stop', (_error, result) => write(result?.profile ?? null));
  });
}
