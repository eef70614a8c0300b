import { groupColumns, type CategoryTable } from './categories.js';
import { csv, fixed, markdownTable, snakeKeys } from './format-shared.js';
import type { Leaderboard, LeaderboardCell, LeaderboardColumn } from './leaderboard.js';

/** Column header: `pubmed_qa: exact_match`, with ↓ when lower is better. */
function header(column: LeaderboardColumn): string {
  return `${column.label}: ${column.metric ?? '(no metric)'}${column.lowerIsBetter ? ' ↓' : ''}`;
}

/** What sets a cell apart from a clean, complete run: partial, error, unfinished, non-HELM settings. */
export function cellMarkers(cell: LeaderboardCell): string[] {
  const markers: string[] = [];
  if (cell.state === 'partial') markers.push(`partial: ${cell.failed ?? '?'} failed`);
  else if (cell.state === 'error') markers.push(`error${cell.failed ? `: ${cell.failed} failed` : ''}`);
  else if (cell.state === 'interrupted') markers.push('interrupted: re-run to resume');
  else if (cell.state === 'incomplete') markers.push('unfinished');
  if (cell.unscored) markers.push(`${cell.unscored} unscored`);
  if (cell.helmCompatible === false)
    markers.push(cell.helmReasons.length ? `non-HELM settings: ${cell.helmReasons.join('; ')}` : 'non-HELM settings');
  return markers;
}

/** `value [lo, hi] (n)` plus markers: the one cell format of Markdown, console and CSV `cell` fields. */
export function cellText(cell: LeaderboardCell | null, noteRef: (text: string) => string): string {
  if (!cell) return 'not run';
  const parts: string[] = [];
  if (cell.value === null) parts.push('—');
  else {
    parts.push(fixed(cell.value));
    if (cell.ci) parts.push(`[${fixed(cell.ci.lo)}, ${fixed(cell.ci.hi)}]`);
    if (cell.n !== null) parts.push(`(${cell.n})`);
  }
  const markers = cellMarkers(cell);
  if (markers.length) parts.push(markers.join(', '));
  if (cell.note) parts.push(noteRef(cell.note));
  return parts.join(' ');
}

/** The method line printed under every table: how the intervals and the ranking were made. */
export function methodText(board: Leaderboard): string {
  const m = board.method;
  return `Cells: value [lo, hi] (n) — value from results.yml; [lo, hi] ${Math.round(m.level * 100)} % ${m.interval} (${m.prng} seed ${m.seed}, ${m.resamples} resamples); n = scored instances. Ranking: ${m.ranking}.`;
}

/**
 * The leaderboard as Markdown: one table (model, win rate, mean rank, a column per benchmark), the method, then
 * numbered notes for every missing value or interval and every set-aside or damaged run.
 */
export function formatLeaderboardMarkdown(board: Leaderboard, categories: CategoryTable | null = null): string {
  const notes: string[] = [];
  const ref = (text: string) => {
    let i = notes.indexOf(text);
    if (i < 0) i = notes.push(text) - 1;
    return `note ${i + 1}`;
  };
  const rows = board.rows.map((row) => [
    row.model,
    fixed(row.meanWinRate, 3),
    fixed(row.meanRank, 2),
    ...row.cells.map((cell) => cellText(cell, ref)),
  ]);
  const table = markdownTable(['Model', 'Win rate', 'Mean rank', ...board.columns.map(header)], rows);
  // By category (MedHELM's grouping): the same cells, one table per category, models in the overall order.
  const grouped = (categories ? groupColumns(board.columns, categories) : []).map((section) => {
    const cells = board.rows.map((row) => [
      row.model,
      ...section.columns.map((i) => cellText(row.cells[i] ?? null, ref)),
    ]);
    return `\n## ${section.displayName}\n\n${markdownTable(['Model', ...section.columns.map((i) => header(board.columns[i]!))], cells)}\n`;
  });
  const allNotes = [...notes, ...board.notes];
  const noteLines = allNotes.length ? ['', 'Notes:', ...allNotes.map((n, i) => `${i + 1}. ${n}`)] : [];
  return `# Leaderboard\n\n${board.runCount} run(s), ${board.rows.length} model(s), ${board.columns.length} benchmark(s).\n\n${table}\n${grouped.join('')}\n${methodText(board)}\n${noteLines.join('\n')}\n`;
}

/**
 * The leaderboard as CSV: one row per model; per benchmark the fields value, ci_low, ci_high, n, status, failed,
 * note (header `<benchmark> value`, …), so a spreadsheet gets numbers, not formatted text.
 */
export function formatLeaderboardCsv(board: Leaderboard): string {
  const fields = ['value', 'ci_low', 'ci_high', 'n', 'status', 'failed', 'note'] as const;
  const head = [
    'model',
    'mean_win_rate',
    'mean_rank',
    'ranked_columns',
    ...board.columns.flatMap((c) => fields.map((f) => `${c.label} ${f}`)),
  ];
  const rows = board.rows.map((row) => [
    row.model,
    row.meanWinRate,
    row.meanRank,
    row.rankedColumns,
    ...row.cells.flatMap((cell) =>
      cell
        ? [
            cell.value,
            cell.ci?.lo ?? null,
            cell.ci?.hi ?? null,
            cell.n,
            cell.state,
            cell.failed,
            [...cellMarkers(cell), ...(cell.note ? [cell.note] : [])].join('; '),
          ]
        : [null, null, null, null, 'not run', null, null],
    ),
  ]);
  return csv([head, ...rows]);
}

/** The leaderboard as JSON (the `Leaderboard` object with a schema version), for scripts and the viewer. */
export function formatLeaderboardJson(board: Leaderboard, categories: CategoryTable | null = null): string {
  const grouped = categories
    ? {
        categories: groupColumns(board.columns, categories).map((s) => ({
          display_name: s.displayName,
          columns: s.columns.map((i) => board.columns[i]!.label),
        })),
      }
    : {};
  return `${JSON.stringify(snakeKeys({ schema_version: 1, ...board, ...grouped }), null, 2)}\n`;
}
