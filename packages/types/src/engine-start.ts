/**
 * The executor → engine start-up contract. The factory may start the engine before it knows the command line (so
 * the engine loads its modules while the factory is still validating the config and writing model configs); an
 * engine started with this flag alone reads its real argv as one JSON array of strings on a line of stdin, then runs
 * exactly as if it had been started with them. End of input without a line means "not needed": it exits quietly.
 */
export const ENGINE_ARGV_ON_STDIN = '--argv-on-stdin';

/**
 * A suite prepares a job's engine while the job before it still sends (docs/performance.md, "Suites"). An engine
 * started with `--argv-on-stdin` and this variable set to `1` does everything up to its first request (data,
 * prompts, cache) and then waits for a second line on stdin, `ENGINE_SEND_GO`, before it sends anything. End of
 * input before it means "stop": the engine stops as on SIGTERM, having sent nothing.
 */
export const ENGINE_SEND_GATE_ENV = 'EF_SEND_GATE';
export const ENGINE_SEND_GO = 'go';

/**
 * A suite runs several jobs, one after another, in one engine process (docs/architecture.md, "Suites"): an engine
 * started with `--argv-on-stdin` and this variable set to `1` does not exit after its job. It writes a line
 * `ENGINE_JOB_END <exit code>` on stdout and then on stderr, once everything else of the job is written to each,
 * and reads the next job's argv from stdin (then that job's "go", when gated). End of input: it exits with 0.
 */
export const ENGINE_REUSE_ENV = 'EF_ENGINE_REUSE';
export const ENGINE_JOB_END = '@ef-job-end';
