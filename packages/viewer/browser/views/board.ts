/**
 * The leaderboard's table of models × benchmarks (the whole board, or one MedHELM category's columns): cells with
 * their value, interval bar, n and markers, compact when there are many columns.
 */
import type { LeaderboardCell, LeaderboardColumn, OverviewView } from '../../shared/api-types.js';
import { fmtInt, fmtInterval, fmtValue } from '../../shared/format.js';
import { domainOf, miniBar } from '../charts.js';
import { badge, h, type Child } from '../dom.js';
import { runHref } from '../router.js';

function cellContent(cell: LeaderboardCell | null, domain: [number, number]): HTMLElement {
  if (!cell) return h('span', { class: 'muted' }, 'not run');
  const body = h(
    'a',
    { href: runHref(cell.run_id), title: cell.note ?? '' },
    h(
      'div',
      {},
      h('span', { class: 'cell-val' }, fmtValue(cell.value)),
      ' ',
      h('span', { class: 'cell-ci' }, cell.interval ? fmtInterval(cell.interval) : ''),
    ),
    cell.value !== null
      ? miniBar(cell.value, cell.interval, domain)
      : h('div', { class: 'small muted' }, cell.note ?? 'no value'),
    h('div', { class: 'small muted' }, cell.count !== null ? `n = ${fmtInt(cell.count)}` : ''),
    cell.markers.length
      ? h(
          'div',
          {},
          cell.markers.map((m) =>
            badge(
              m.startsWith('partial') || m.includes('unscored') ? 'warn' : m.startsWith('error') ? 'error' : 'info',
              m,
            ),
          ),
        )
      : null,
  );
  return body;
}

/** Text that may break after `_` and `/` (benchmark and model names), never inside a word unless it must. */
function breakable(text: string): Child[] {
  return text.split(/(?<=[_/])/).flatMap((part, i) => (i === 0 ? [part] : [h('wbr'), part]));
}

function columnHeader(c: LeaderboardColumn, commonMetric: string | null, compact: boolean): HTMLElement {
  const metric = `${c.metric ?? 'no metric'}${c.lower_is_better ? ' (lower is better)' : ''}`;
  const showMetric = !compact || c.metric !== commonMetric || c.lower_is_better;
  const label = [c.label, showMetric ? h('span', { class: 'muted' }, ` ${metric}`) : null];
  // Compact boards set the names upright (read bottom to top), so a column is as wide as its numbers, not its name.
  return h(
    'th',
    { title: `${c.scenario} · ${metric}`, class: 'bench' },
    compact
      ? h('div', { class: 'vh' }, label)
      : [breakable(c.label), showMetric ? h('div', { class: 'small muted' }, breakable(metric)) : null],
  );
}

/** The metric most columns show: named once above a compact board instead of under every column. */
function mostCommonMetric(columns: readonly LeaderboardColumn[]): string | null {
  const counts = new Map<string, number>();
  for (const c of columns) if (c.metric) counts.set(c.metric, (counts.get(c.metric) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * Many benchmarks: compact cells — the value and a small bar, the interval, n and markers in the
 * tooltip and a `!` — so 16+ columns fit the window; the model column stays in view if the table still scrolls.
 */
const COMPACT_FROM = 7;

function compactCell(cell: LeaderboardCell | null, domain: [number, number]): HTMLElement {
  if (!cell) return h('span', { class: 'muted small' }, '—');
  const details = [
    cell.interval ? `interval ${fmtInterval(cell.interval)}` : null,
    cell.count !== null ? `n = ${fmtInt(cell.count)}` : null,
    ...cell.markers,
    cell.note,
  ]
    .filter(Boolean)
    .join(' · ');
  return h(
    'a',
    { href: runHref(cell.run_id), title: `${fmtValue(cell.value)} ${details}` },
    h('span', { class: 'cell-val' }, cell.value === null ? '—' : cell.value.toFixed(Math.abs(cell.value) < 10 ? 3 : 1)),
    cell.markers.length ? h('span', { class: 'mark-dot', 'data-testid': 'cell-markers' }, '!') : null,
    cell.value !== null ? miniBar(cell.value, cell.interval, domain, 40) : null,
  );
}

/**
 * The models × `shown` columns (indexes into the board's): the whole board with win rate and rank, or one MedHELM
 * category's columns without them (as leaderboard.md's category tables: the same cells, models in the overall order).
 */
export function boardTable(o: OverviewView, shown: readonly number[], category: string | null): HTMLElement {
  const board = o.leaderboard;
  const columns = shown.map((j) => board.columns[j]);
  const compact = columns.length >= COMPACT_FROM;
  const common = mostCommonMetric(columns);
  const domains = shown.map((j) =>
    domainOf(
      board.rows.flatMap((r) => (r.cells[j] ? [r.cells[j] as LeaderboardCell] : [])),
      board.columns[j].range,
    ),
  );
  const ranked = category === null;
  const table = h(
    'table',
    {
      'data-testid': ranked ? 'leaderboard' : 'category-board',
      ...(ranked ? {} : { 'data-category': category }),
      class: `board${compact ? ' compact' : ''}`,
    },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', {}, 'Model'),
        ranked ? h('th', { class: 'num' }, compact ? 'Win rate' : 'Mean win rate') : null,
        ranked ? h('th', { class: 'num' }, compact ? 'Rank' : 'Mean rank') : null,
        columns.map((c) => columnHeader(c, common, compact)),
      ),
    ),
    h(
      'tbody',
      {},
      board.rows.map((row) =>
        h(
          'tr',
          { 'data-model': row.model },
          h('td', { class: 'model' }, h('strong', {}, breakable(row.model))),
          ranked ? h('td', { class: 'num' }, row.mean_win_rate === null ? '—' : row.mean_win_rate.toFixed(3)) : null,
          ranked
            ? h('td', { class: 'num' }, row.mean_rank === null ? '—' : row.mean_rank.toFixed(compact ? 1 : 2))
            : null,
          shown.map((j, k) =>
            h(
              'td',
              { class: 'cell', 'data-scenario': board.columns[j].scenario },
              compact ? compactCell(row.cells[j], domains[k]) : cellContent(row.cells[j], domains[k]),
            ),
          ),
        ),
      ),
    ),
  );
  // Said once, above the whole board.
  const caption =
    ranked && compact && common
      ? h(
          'p',
          { class: 'small muted' },
          `Cells show ${common} unless a column names another metric; hover a cell for its interval, n and notes (! marks a partial, failed or non-HELM run).`,
        )
      : null;
  return h('div', {}, caption, h('div', { class: 'board-wrap' }, table));
}
