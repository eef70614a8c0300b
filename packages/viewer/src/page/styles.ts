/** The viewer's one stylesheet, inlined into every page (served and static) so nothing is ever fetched for it. */
export const STYLES = `
:root { --fg: #1d2430; --muted: #5b6677; --line: #dde2ea; --bg: #f6f7f9; --card: #fff; --accent: #2c5fb8;
  --good: #1d7a46; --bad: #b3261e; --warn: #9a6200; --neutral: #6b7280; --bar: #7aa2e3; --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
header.top { display: flex; align-items: baseline; gap: 16px; padding: 10px 24px; background: #17233a; color: #fff; }
header.top a { color: #fff; text-decoration: none; font-weight: 600; }
header.top .mode { color: #b8c3d9; font-size: 12px; margin-left: auto; }
main { padding: 16px 24px 48px; max-width: 1280px; margin: 0 auto; }
h1 { font-size: 22px; margin: 8px 0 4px; } h2 { font-size: 17px; margin: 24px 0 8px; } h3 { font-size: 15px; margin: 16px 0 6px; }
a { color: var(--accent); }
.muted { color: var(--muted); } .small { font-size: 12px; }
.crumbs { font-size: 13px; color: var(--muted); margin-bottom: 4px; } .crumbs a { text-decoration: none; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
table { border-collapse: collapse; width: 100%; background: var(--card); }
th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: 12px; font-weight: 600; color: var(--muted); background: #fafbfc; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.clickable { cursor: pointer; } tr.clickable:hover td { background: #f0f5ff; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; border: 1px solid transparent; white-space: nowrap; }
.b-success, .b-correct { color: var(--good); background: #e5f4ea; }
.b-partial, .b-interrupted, .b-unscored, .b-warn { color: var(--warn); background: #fdf1dc; }
.b-error, .b-failed, .b-wrong { color: var(--bad); background: #fbe7e5; }
.b-incomplete, .b-scored, .b-info { color: var(--neutral); background: #eceff3; }
.stats { display: flex; flex-wrap: wrap; gap: 10px; }
.stat { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; min-width: 120px; }
.stat .v { font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; } .stat .l { font-size: 12px; color: var(--muted); }
.grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); gap: 12px; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 3px 14px; margin: 0; font-size: 13px; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; overflow-wrap: anywhere; }
pre, .text { font-family: var(--mono); font-size: 12.5px; white-space: pre-wrap; overflow-wrap: anywhere; background: #f3f5f8;
  border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; margin: 4px 0; max-height: 420px; overflow: auto; }
.error-box { border: 1px solid #f0b7b2; background: #fdf3f2; color: #7a1d17; border-radius: 8px; padding: 10px 14px; margin: 12px 0; }
.warn-box { border: 1px solid #f1d39b; background: #fffaf0; border-radius: 8px; padding: 10px 14px; margin: 12px 0; }
.toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 10px 0; }
.toolbar input[type=search] { flex: 1 1 280px; padding: 6px 10px; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
.chip { border: 1px solid var(--line); background: var(--card); border-radius: 14px; padding: 3px 12px; font: inherit; font-size: 13px; cursor: pointer; color: var(--fg); text-decoration: none; }
.chip.on { background: var(--accent); border-color: var(--accent); color: #fff; }
.pager { display: flex; gap: 8px; align-items: center; margin: 10px 0; }
button, select { font: inherit; padding: 3px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--card); cursor: pointer; }
button:disabled { opacity: .45; cursor: default; }
svg text { font: 11px system-ui, sans-serif; fill: var(--muted); }
svg.score-bars, svg.latency-histogram { max-width: 100%; height: auto; display: block; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(560px, 1fr)); gap: 12px; }
.nowrap { white-space: nowrap; } td.wrap { overflow-wrap: anywhere; }
svg .bar { fill: var(--bar); } svg .bar.hist { fill: #9db8e6; } svg .whisker { stroke: #1f3b70; stroke-width: 1.5; } svg .axis { stroke: #c5ccd8; }
svg .label { fill: var(--fg); } svg .mark { stroke: var(--bad); stroke-dasharray: 3 2; }
.cell-val { font-weight: 600; font-variant-numeric: tabular-nums; } .cell-ci { font-size: 11.5px; color: var(--muted); white-space: nowrap; }
td.cell a { text-decoration: none; color: inherit; display: block; } td.cell:hover { background: #f0f5ff; }
.ref-ok { color: var(--good); font-weight: 600; }
.board-wrap { overflow-x: auto; max-width: 100%; }
table.board td.model { min-width: 150px; max-width: 210px; overflow-wrap: break-word; }
table.board th:first-child, table.board td:first-child { position: sticky; left: 0; z-index: 1; background: var(--card); }
table.board thead th:first-child { background: #fafbfc; }
table.board.compact th, table.board.compact td { padding: 4px 3px; }
table.board.compact th.bench { font-size: 11px; line-height: 1.2; vertical-align: bottom; }
table.board.compact th.bench > .vh { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; max-height: 190px; overflow: hidden; text-overflow: ellipsis; }
table.board.compact td.model { min-width: 170px; max-width: 230px; font-size: 13px; }
table.board.compact td.cell { white-space: nowrap; }
table.board.compact .cell-val { font-size: 12.5px; }
table.board.compact td.cell svg { display: block; margin-top: 2px; }
.mark-dot { color: var(--warn); font-weight: 700; margin-left: 1px; }
.msg { font-family: var(--mono); font-size: 12px; }
details > summary { cursor: pointer; color: var(--accent); }
.loading { color: var(--muted); padding: 24px 0; }
`;
