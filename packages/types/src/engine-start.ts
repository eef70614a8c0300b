/**
 * The executor → engine start-up contract. The factory may start the engine before it knows the command line (so
 * the engine loads its modules while the factory is still validating the config and writing model configs); an
 * engine started with this flag alone reads its real argv as one JSON array of strings on a line of stdin, then runs
 * exactly as if it had been started with them. End of input without a line means "not needed": it exits quietly.
 */
export const ENGINE_ARGV_ON_STDIN = '--argv-on-stdin';
