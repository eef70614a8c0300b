import { spawn } from 'node:child_process';

export interface ProcessResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `node <args…>` as a real child process and collects its output (asynchronously, so a fake server in the
 * test process keeps serving). `stdin`: text written once `stdinDelayMs` has passed, then end of input; omitted,
 * stdin is closed from the start.
 */
export function runNode(
  args: readonly string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; stdin?: string | null; stdinDelayMs?: number } = {},
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const piped = opts.stdin !== undefined;
    const child = spawn(process.execPath, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: [piped ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c) => (stdout += c));
    child.stderr?.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (piped) setTimeout(() => child.stdin?.end(opts.stdin ?? undefined), opts.stdinDelayMs ?? 0);
  });
}

/** A writable that keeps what a command writes to it (`out.text`), for commands that take their output streams. */
export function textSink(): NodeJS.WritableStream & { text: string } {
  const s = {
    text: '',
    write(chunk: string) {
      s.text += chunk;
      return true;
    },
  };
  return s as unknown as NodeJS.WritableStream & { text: string };
}
