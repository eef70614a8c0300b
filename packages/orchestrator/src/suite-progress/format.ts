/** The text of the suite's progress view: an overall line and one line per running job. */
import { completedRequests, formatDuration } from '@eval-factory/types';
import { type JobRow, type SuiteBoard, suiteEta } from './board.js';

/**
 * `suite toy: jobs 2/6 done, 2 running, 1 failed | requests 1200/2400 (failed 3) 45.2 req/s | ETA 1m 02s`. Jobs
 * finished by an earlier run count as done ("2 skipped"), and so do partial ones, named ("1 partial": scored, some
 * instances failed); `2400+` and `ETA ≥` when some job's size is still unknown.
 */
export function formatOverall(board: SuiteBoard): string {
  const jobs = board.rows.length;
  const ok = board.count('ok');
  const skipped = board.count('skipped');
  const partial = board.count('partial');
  const failed = board.count('failed');
  const interrupted = board.count('interrupted');
  const running = board.count('running');
  const named = [...(skipped ? [`${skipped} skipped`] : []), ...(partial ? [`${partial} partial`] : [])];
  const parts = [
    `jobs ${ok + skipped + partial}/${jobs} done${named.length ? ` (${named.join(', ')})` : ''}`,
    ...(running ? [`${running} running`] : []),
    ...(failed ? [`${failed} failed`] : []),
    ...(interrupted ? [`${interrupted} interrupted`] : []),
  ];
  const r = board.requests();
  const endpoints = board.endpoints();
  const rates = endpoints.filter((e) => e.remaining > 0 && e.rate !== null);
  const rate = rates.length ? ` ${rates.reduce((sum, e) => sum + (e.rate ?? 0), 0).toFixed(1)} req/s` : '';
  const requests = `requests ${r.completed}/${r.total}${r.atLeast ? '+' : ''}${r.failed ? ` (failed ${r.failed})` : ''}${rate}`;
  const eta = suiteEta(endpoints);
  const etaText =
    running === 0 || eta === null || eta.seconds <= 0
      ? ''
      : ` | ETA ${eta.atLeast ? '≥ ' : ''}${formatDuration(eta.seconds)}`;
  return `suite ${board.suite}: ${parts.join(', ')} | ${requests}${etaText}`;
}

/**
 * `org/alpha head_qa 120/400 (cached 0, failed 2; retrying 1) 15.1 req/s` for a running job; `next` for one that is
 * prepared and waits for its endpoint (`waiting`), `starting` before that.
 */
export function formatJob(row: JobRow, waiting = false): string {
  const e = row.event;
  if (!e) return `${row.model} ${row.job} ${waiting ? 'next' : 'starting'}`;
  const extra = [e.retrying ? `retrying ${e.retrying}` : '', e.throttled ? `throttled ${e.throttled}` : '']
    .filter(Boolean)
    .join(', ');
  const completed = completedRequests(e);
  const sending = !e.final && completed < e.total;
  const rate = sending && e.rate !== null ? ` ${e.rate.toFixed(1)} req/s` : '';
  const cause = e.failed && e.last_failure ? ` | last failure: ${e.last_failure}` : '';
  return `${row.model} ${row.job} ${completed}/${e.total} (cached ${e.cached + e.duplicates}, failed ${e.failed}${extra ? `; ${extra}` : ''})${rate}${sending ? '' : ' scoring'}${cause}`;
}

/** The live view on a terminal: the overall line, then the running jobs indented. */
export function formatView(board: SuiteBoard): string[] {
  const running = board.rows.filter((r) => r.state === 'running');
  return [formatOverall(board), ...running.map((r) => `  ${formatJob(r, waitsForEndpoint(r, running))}`)];
}

/** A job without events while another job of its endpoint sends waits for its turn (suite-schedule.ts). */
function waitsForEndpoint(row: JobRow, running: readonly JobRow[]): boolean {
  return !row.event && running.some((r) => r !== row && r.model === row.model && r.event && !r.event.final);
}

/** One line for a log file (not a terminal): the overall counts and each running job's short counts. */
export function formatPlain(board: SuiteBoard): string {
  const rows = board.rows.filter((r) => r.state === 'running');
  const running = rows.map(
    (r) =>
      `${r.model} ${r.job} ${r.event ? `${completedRequests(r.event)}/${r.event.total}${r.event.final ? ' scoring' : ''}` : waitsForEndpoint(r, rows) ? 'next' : 'starting'}`,
  );
  return `${formatOverall(board)}${running.length ? ` | ${running.join(', ')}` : ''}`;
}
