/**
 * Keeps SIGINT and SIGTERM from ending this process until the returned function is called: a stopped run writes its
 * partial results however many signals arrive (a terminal's Ctrl-C reaches the whole process group, and users press
 * it again). What a signal must do meanwhile is done by other listeners (runEngine forwards it to the engine).
 * @example const release = holdStopSignals(); try { await runEngine(…); await normalize(…); } finally { release(); }
 */
export function holdStopSignals(): () => void {
  const hold = () => undefined;
  process.on('SIGINT', hold);
  process.on('SIGTERM', hold);
  return () => {
    process.off('SIGINT', hold);
    process.off('SIGTERM', hold);
  };
}
