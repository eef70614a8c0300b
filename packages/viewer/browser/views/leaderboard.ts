/** The first page: models × benchmarks with intervals, a bar chart per benchmark, and every run. */
import type { OverviewView } from '../../shared/api-types.js';
import { fmtInt, fmtInterval, fmtValue } from '../../shared/format.js';
import { scoreBars } from '../charts.js';
import { h, mount } from '../dom.js';
import { runHref } from '../router.js';
import type { DataSource } from '../source.js';
import { boardTable } from './board.js';
import { stateBadge } from './common.js';

function charts(o: OverviewView): HTMLElement[] {
  const board = o.leaderboard;
  return board.columns.map((c, j) =>
    h(
      'div',
      { class: 'card' },
      h('h3', {}, c.label, ' ', h('span', { class: 'muted small' }, c.metric ?? '')),
      scoreBars(
        board.rows.map((r) => {
          const cell = r.cells[j];
          return {
            label: r.model,
            value: cell?.value ?? null,
            interval: cell?.interval ?? null,
            href: cell ? runHref(cell.run_id) : undefined,
            note: cell ? (cell.note ?? 'no value') : 'not run',
          };
        }),
        `${c.label}: ${c.metric ?? 'no metric'} by model, bars with interval whiskers`,
        c.range,
      ),
    ),
  );
}

function runsTable(o: OverviewView): HTMLElement {
  return h(
    'table',
    { 'data-testid': 'runs' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['Run', 'Benchmark', 'Model', 'Status', 'Main metric', 'Interval', 'Evaluated', 'Failed', 'Started'].map(
          (t, i) => h('th', { class: i >= 4 && i <= 7 ? 'num' : '' }, t),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      o.runs.map((r) =>
        h(
          'tr',
          {
            class: 'clickable',
            'data-run': r.id,
            onclick: () => {
              location.hash = runHref(r.id);
            },
          },
          h('td', { class: 'wrap' }, h('a', { href: runHref(r.id) }, r.id)),
          h('td', { class: 'wrap' }, r.scenario ?? r.task ?? '—'),
          h('td', {}, r.model ?? '—'),
          h('td', {}, stateBadge(r.state)),
          h(
            'td',
            { class: 'num', title: r.main?.name ?? '' },
            fmtValue(r.main?.value),
            h('div', { class: 'small muted' }, r.main?.name ?? ''),
          ),
          h('td', { class: 'num' }, fmtInterval(r.main?.interval)),
          h('td', { class: 'num' }, fmtInt(r.counts?.evaluated)),
          h(
            'td',
            { class: 'num' },
            r.counts?.failed
              ? h('span', { class: 'badge b-failed' }, fmtInt(r.counts.failed))
              : fmtInt(r.counts?.failed),
          ),
          h('td', { class: 'small nowrap' }, r.started_at?.replace('T', ' ').slice(0, 16) ?? '—'),
        ),
      ),
    ),
  );
}

export async function leaderboardPage(src: DataSource, el: HTMLElement): Promise<void> {
  const o = await src.overview();
  const board = o.leaderboard;
  document.title = 'Leaderboard · eval-factory';
  mount(
    el,
    h('h1', {}, 'Leaderboard'),
    h(
      'p',
      { class: 'muted' },
      `${o.runs.length} run${o.runs.length === 1 ? '' : 's'} · ${board.rows.length} model${board.rows.length === 1 ? '' : 's'} · ${board.columns.length} benchmark${board.columns.length === 1 ? '' : 's'} · from ${o.sources.join(', ')}`,
    ),
    boardTable(
      o,
      board.columns.map((_c, j) => j),
      null,
    ),
    h('p', { class: 'small muted', 'data-testid': 'method' }, board.method),
    board.notes.length
      ? h(
          'div',
          { class: 'warn-box' },
          h('strong', {}, 'Notes'),
          h(
            'ul',
            {},
            board.notes.map((n) => h('li', {}, n)),
          ),
        )
      : null,
    board.categories.length
      ? [
          h('h2', {}, 'By MedHELM category'),
          board.categories.map((c) => [h('h3', {}, c.display_name), boardTable(o, c.columns, c.display_name)]),
        ]
      : null,
    h('h2', {}, 'Scores by benchmark'),
    h('div', { class: 'charts' }, charts(o)),
    h('h2', {}, 'Runs'),
    runsTable(o),
  );
}
