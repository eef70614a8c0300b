import cliProgress from 'cli-progress';

/**
 * Progress on stderr. On a terminal: one live bar (cli-progress) with done / cached / failed, requests per second
 * and ETA. Piped or in CI: a short plain line every few seconds, no control characters. The engine's stderr is a
 * pipe to the factory, so the factory says which through `EF_PROGRESS=tty|plain|off`.
 */
export interface Progress {
  tick(kind: 'done' | 'cached' | 'failed'): void;
  finish(): void;
}

type Mode = 'tty' | 'plain' | 'off';

export function progressMode(env: NodeJS.ProcessEnv = process.env, stream: NodeJS.WriteStream = process.stderr): Mode {
  const asked = env.EF_PROGRESS;
  if (asked === 'tty' || asked === 'plain' || asked === 'off') return asked;
  return stream.isTTY === true && env.CI !== 'true' ? 'tty' : 'plain';
}

const PLAIN_INTERVAL_MS = 5000;

export function createProgress(
  label: string,
  total: number,
  mode: Mode = progressMode(),
  stream: NodeJS.WriteStream = process.stderr,
): Progress {
  const counts = { done: 0, cached: 0, failed: 0 };
  const started = Date.now();
  const rate = () => {
    const elapsed = (Date.now() - started) / 1000;
    return elapsed > 0 ? counts.done / elapsed : 0;
  };
  const line = () =>
    `${label} ${counts.done + counts.cached + counts.failed}/${total} (done ${counts.done}, cached ${counts.cached}, failed ${counts.failed}) ${rate().toFixed(1)} req/s`;
  if (mode === 'off') return { tick: (k) => void counts[k]++, finish: () => undefined };
  if (mode === 'plain') {
    let lastPrint = started;
    return {
      tick(kind) {
        counts[kind]++;
        if (Date.now() - lastPrint >= PLAIN_INTERVAL_MS) {
          lastPrint = Date.now();
          stream.write(`${line()}\n`);
        }
      },
      finish: () => void stream.write(`${line()}\n`),
    };
  }
  // The factory's terminal is on the far side of a pipe: let cli-progress draw in place as it would on it.
  Object.assign(stream, { isTTY: true, columns: Number(process.env.EF_COLUMNS) || stream.columns || 100 });
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} {bar} {value}/{total} | done {done} cached {cached} failed {failed} | {rate} req/s | ETA {eta_formatted}`,
      stream,
      hideCursor: true,
      fps: 10,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { ...counts, rate: '0.0' });
  return {
    tick(kind) {
      counts[kind]++;
      bar.increment(1, { ...counts, rate: rate().toFixed(1) });
    },
    finish() {
      bar.stop();
      stream.write(`${line()}\n`);
    },
  };
}
