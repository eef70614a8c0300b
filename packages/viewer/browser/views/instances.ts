/**
 * The instance browser: search, verdict filter and paging, one page of rows at a time from the data source (the
 * server's API when served), so a 10 000-instance run is never loaded whole into the page.
 */
import type { InstancePage, InstanceQuery, Verdict } from '../../shared/api-types.js';
import { VERDICTS } from '../../shared/api-types.js';
import { fmtInt, fmtValue } from '../../shared/format.js';
import { parseInstanceQuery, queryParams } from '../../shared/query.js';
import { h, mount } from '../dom.js';
import { instanceHref, instancesHref, runHref } from '../router.js';
import type { DataSource } from '../source.js';
import { crumbs, verdictBadge, VERDICT_LABELS } from './common.js';

const PAGE_SIZES = [25, 50, 100, 200];

function chips(runId: string, page: InstancePage): HTMLElement {
  const q = page.query;
  const chip = (verdict: Verdict | 'all', label: string) =>
    h(
      'a',
      {
        class: `chip${q.verdict === verdict ? ' on' : ''}`,
        href: instancesHref(runId, queryParams({ ...q, verdict, page: 1 })),
        'data-verdict': verdict,
      },
      `${label} ${fmtInt(page.counts[verdict])}`,
    );
  // Failed and unscored always show (a 0 there is news); correct / wrong only for a 0/1 main metric.
  const binary = page.counts.scored === 0;
  const shown = VERDICTS.filter(
    (v) => page.counts[v] > 0 || v === 'failed' || v === 'unscored' || (binary && (v === 'correct' || v === 'wrong')),
  );
  return h(
    'span',
    { class: 'toolbar', style: 'margin:0' },
    chip('all', 'All'),
    shown.map((v) => chip(v, VERDICT_LABELS[v])),
  );
}

function rowsTable(runId: string, page: InstancePage): HTMLElement {
  if (page.rows.length === 0) return h('p', { class: 'muted', 'data-testid': 'no-rows' }, 'No instance matches.');
  const back = queryParams(page.query);
  return h(
    'table',
    { 'data-testid': 'instances' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['#', 'Instance', 'Verdict', 'Input', 'Answer', 'Gold', 'Main metric', 'Reason'].map((t) =>
          h('th', { class: t === '#' || t === 'Main metric' ? 'num' : '' }, t),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      page.rows.map((r) => {
        const href = instanceHref(runId, r.id, r.trial, back);
        return h(
          'tr',
          {
            class: 'clickable',
            'data-instance': r.id,
            onclick: () => {
              location.hash = href;
            },
          },
          h('td', { class: 'num' }, String(r.index + 1)),
          h('td', {}, h('a', { href }, r.trial > 0 ? `${r.id} (trial ${r.trial})` : r.id)),
          h('td', {}, verdictBadge(r.verdict)),
          h('td', { class: 'small' }, r.input),
          h(
            'td',
            { class: r.prediction !== null && r.prediction.length <= 24 ? 'small nowrap' : 'small' },
            r.prediction ?? h('span', { class: 'muted nowrap' }, 'no answer'),
          ),
          h('td', { class: 'small' }, r.gold),
          h('td', { class: 'num' }, fmtValue(r.main_value)),
          h('td', { class: 'small' }, r.reason ?? ''),
        );
      }),
    ),
  );
}

function pager(runId: string, page: InstancePage): HTMLElement {
  const q = page.query;
  const go = (p: number) => () => {
    location.hash = instancesHref(runId, queryParams({ ...q, page: p }));
  };
  const sizes = h(
    'select',
    {
      'aria-label': 'rows per page',
      onchange: (e: Event) => {
        location.hash = instancesHref(
          runId,
          queryParams({ ...q, page: 1, page_size: Number((e.target as HTMLSelectElement).value) }),
        );
      },
    },
    PAGE_SIZES.map((n) => h('option', { value: n, selected: n === q.page_size }, `${n} per page`)),
  );
  return h(
    'div',
    { class: 'pager', 'data-testid': 'pager' },
    h('button', { disabled: q.page <= 1, onclick: go(1) }, '« First'),
    h('button', { disabled: q.page <= 1, onclick: go(q.page - 1), 'data-testid': 'prev' }, '‹ Previous'),
    h(
      'span',
      { 'data-testid': 'page-label' },
      `Page ${fmtInt(q.page)} of ${fmtInt(page.pages)} · ${fmtInt(page.total)} matching`,
    ),
    h('button', { disabled: q.page >= page.pages, onclick: go(q.page + 1), 'data-testid': 'next' }, 'Next ›'),
    h('button', { disabled: q.page >= page.pages, onclick: go(page.pages) }, 'Last »'),
    sizes,
  );
}

/** A mounted instance browser; `update` re-queries without rebuilding the search box (it keeps focus). */
export interface InstancesView {
  update(params: URLSearchParams): Promise<void>;
}

export async function instancesPage(
  src: DataSource,
  el: HTMLElement,
  runId: string,
  params: URLSearchParams,
): Promise<InstancesView> {
  const run = (await src.run(runId)).summary;
  document.title = `Instances · ${run.id} · eval-factory`;
  const results = h('div', {});
  const filters = h('span', {});
  let timer: number | undefined;
  let current: InstanceQuery = parseInstanceQuery(params);
  const search = h('input', {
    type: 'search',
    placeholder: 'Search id, input, answer, references, error…',
    value: current.q,
    'aria-label': 'search instances',
    oninput: () => {
      window.clearTimeout(timer);
      // Typing replaces the history entry instead of adding one per keystroke.
      timer = window.setTimeout(() => {
        const hash = instancesHref(runId, queryParams({ ...current, q: search.value.trim(), page: 1 }));
        history.replaceState(null, '', hash);
        void view.update(new URLSearchParams(hash.split('?')[1] ?? ''));
      }, 250);
    },
  });
  const note = await src.truncation(runId);
  mount(
    el,
    crumbs(['Leaderboard', '#/'], [run.id, runHref(runId)], ['Instances', null]),
    h(
      'h1',
      {},
      'Instances ',
      h('span', { class: 'muted' }, `· ${run.scenario ?? run.task ?? ''} · ${run.model ?? ''}`),
    ),
    note ? h('div', { class: 'warn-box' }, note) : null,
    h('div', { class: 'toolbar' }, search, filters),
    results,
  );
  let token = 0;
  const view: InstancesView = {
    async update(next: URLSearchParams) {
      const mine = ++token;
      const before = current;
      current = parseInstanceQuery(next);
      if (document.activeElement !== search) search.value = current.q;
      const page = await src.instances(runId, current);
      if (mine !== token) return; // a newer query finished first
      // Another page (e.g. "Next" under the table): start reading it from the top.
      if (page.query.page !== before.page || page.query.verdict !== before.verdict) window.scrollTo(0, 0);
      current = page.query;
      mount(filters, chips(runId, page));
      mount(results, pager(runId, page), rowsTable(runId, page), page.rows.length > 10 ? pager(runId, page) : null);
    },
  };
  await view.update(params);
  return view;
}
