/**
 * The text of the suite's progress view: an overall line, a line per endpoint still at work (the live view on a
 * terminal), a line per job as it ends, and a line that says what runs (a log's heartbeat).
 */
import { completedRequests, formatDuration } from '@eval-factory/types';
import { type EndpointEstimate, type JobRow, type SuiteBoard, suiteEta } from './board.js';

/**
 * `suite toy: jobs 2/6 done, 2 running, 1 failed, 1 queued | requests 1200/2400 (failed 3) 45.2 req/s | ETA 1m 02s`.
 * Jobs finished by an earlier run count as done ("2 skipped"), and so do partial ones, named ("1 partial": scored,
 * some instances failed); `2400+` and `ETA ≥` when some job's size is still unknown.
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
    ...(board.count('pending') ? [`${board.count('pending')} queued`] : []),
  ];
  const r = board.requests();
  const endpoints = board.endpoints();
  const rates = endpoints.filter((e) => e.remaining > 0 && e.rate !== null);
  const rate = rates.length ? ` ${rates.reduce((sum, e) => sum + (e.rate ?? 0), 0).toFixed(1)} req/s` : '';
  const requests = `requests ${r.completed}/${r.total}${r.atLeast ? '+' : ''}${r.failed ? ` (failed ${r.failed})` : ''}${rate}`;
  const etaText = running === 0 ? '' : formatEta(suiteEta(endpoints), ' | ');
  return `suite ${board.suite}: ${parts.join(', ')} | ${requests}${etaText}`;
}

/** `ETA 1m 02s` (`ETA ≥ …` from a lower bound) after `before`; nothing while there is no estimate. */
function formatEta(eta: { seconds: number; atLeast: boolean } | null, before: string): string {
  if (eta === null || eta.seconds <= 0) return '';
  return `${before}ETA ${eta.atLeast ? '≥ ' : ''}${formatDuration(eta.seconds)}`;
}

/**
 * `org/alpha head_qa 120/400 (cached 0, failed 2; retrying 1) 15.1 req/s` for a running job; `next` for one that is
 * prepared and waits for its endpoint (`waiting`), `starting` before that.
 */
export function formatJob(row: JobRow, waiting = false): string {
  return `${row.model} ${jobProgress(row, waiting, true)}`;
}

/** `withRate`: the job's own rate after its counts (an endpoint's line gives the endpoint's instead). */
function jobProgress(row: JobRow, waiting: boolean, withRate: boolean): string {
  const e = row.event;
  if (!e) return `${row.job} ${waiting ? 'next' : 'starting'}`;
  const extra = [e.retrying ? `retrying ${e.retrying}` : '', e.throttled ? `throttled ${e.throttled}` : '']
    .filter(Boolean)
    .join(', ');
  const completed = completedRequests(e);
  const sending = !e.final && completed < e.total;
  const rate = withRate && sending && e.rate !== null ? ` ${e.rate.toFixed(1)} req/s` : '';
  const cause = e.failed && e.last_failure ? ` | last failure: ${e.last_failure}` : '';
  return `${row.job} ${completed}/${e.total} (cached ${e.cached + e.duplicates}, failed ${e.failed}${extra ? `; ${extra}` : ''})${rate}${sending ? '' : ' scoring'}${cause}`;
}

/**
 * The live view on a terminal: the overall line, then each endpoint with jobs left, indented:
 * `  org/alpha: jobs 2/10 | head_qa 120/400 (cached 0, failed 2) 15.1 req/s, medbullets next | 15.1 req/s, ETA 40s`.
 */
export function formatView(board: SuiteBoard): string[] {
  const running = board.rows.filter((r) => r.state === 'running');
  const lines = board
    .endpoints()
    .filter((e) => board.rows.some((r) => r.model === e.model && (r.state === 'running' || r.state === 'pending')))
    .map((e) => `  ${formatEndpoint(board, e, running)}`);
  return [formatOverall(board), ...lines];
}

function formatEndpoint(board: SuiteBoard, e: EndpointEstimate, running: readonly JobRow[]): string {
  const rows = board.rows.filter((r) => r.model === e.model);
  const jobs = rows
    .filter((r) => r.state === 'running')
    .map((r) => jobProgress(r, waitsForEndpoint(r, running), false));
  const rate = e.rate === null ? '' : `${e.rate.toFixed(1)} req/s`;
  const eta = e.rate ? formatEta({ seconds: e.remaining / e.rate, atLeast: e.atLeast }, rate ? ', ' : '') : '';
  return `${e.model}: jobs ${board.ended(e.model)}/${rows.length}${jobs.length ? ` | ${jobs.join(', ')}` : ''}${rate || eta ? ` | ${rate}${eta}` : ''}`;
}

/**
 * The line a job's end adds (a terminal's and a log's alike): how many jobs have ended, its status, its requests and
 * time, then what is left of the suite:
 * `[ 3/20] success  org/alpha head_qa: 400/400 requests (cached 0, failed 2) in 1m 02s | 2 running, 15 queued, ETA 9m 10s`.
 */
export function formatJobEnd(board: SuiteBoard, i: number): string {
  const row = board.rows[i];
  const n = String(board.rows.length);
  const head = `[${String(board.ended()).padStart(n.length)}/${n}] ${(row.status ?? row.state).padEnd(8)} ${row.model} ${row.job}`;
  const e = row.event;
  const took =
    row.startedAt !== null && row.endedAt !== null ? ` in ${formatDuration((row.endedAt - row.startedAt) / 1000)}` : '';
  const what =
    row.state === 'skipped'
      ? ': finished in an earlier run'
      : e
        ? `: ${completedRequests(e)}/${e.total} requests (cached ${e.cached + e.duplicates}, failed ${e.failed})${took}`
        : took;
  const running = board.count('running');
  const queued = board.count('pending');
  const left = [...(running ? [`${running} running`] : []), ...(queued ? [`${queued} queued`] : [])].join(', ');
  const eta = running ? formatEta(suiteEta(board.endpoints()), ', ') : '';
  return `${head}${what}${left ? ` | ${left}${eta}` : ''}`;
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
