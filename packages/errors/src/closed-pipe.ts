/**
 * A reader that stops early (`ef-bench list | head -1`) closes our stdout; the next write then fails with EPIPE.
 * That ends the command (as it does for any Unix tool), it is not an error worth a stack trace.
 */
export function endOnClosedPipe(
  stream: NodeJS.WriteStream = process.stdout,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  });
}
