/** Number and table helpers shared by the leaderboard and comparison writers. */

/** Four decimals, like the run's console summary; `—` for nothing. */
export function fixed(x: number | null | undefined, digits = 4): string {
  return typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '—';
}

/** p-values: four decimals, or `<0.0001` so a tiny p never prints as 0. */
export function pValue(p: number | null | undefined): string {
  if (typeof p !== 'number' || !Number.isFinite(p)) return '—';
  return p < 0.0001 ? '<0.0001' : p.toFixed(4);
}

/** One Markdown table; `|` in a cell is escaped so it cannot split the row. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const line = (cells: readonly string[]) => `| ${cells.map(esc).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Text a spreadsheet would run as a formula (OWASP's CSV injection): `=`, `+`, `-`, `@`, a tab or CR first. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number written as text (`-0.25`, `+1e-3`): a number to a spreadsheet too, never a formula. */
const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled; CRLF-free (`\n`) lines. A text
 * cell a spreadsheet would run as a formula (a model or benchmark name, a note) starts with `'`; numbers, negative
 * ones included, are written as they are.
 */
export function csv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const field = (v: string | number | null | undefined) => {
    let s = v === null || v === undefined ? '' : String(v);
    if (typeof v === 'string' && FORMULA_START.test(s) && !NUMBER_TEXT.test(s)) s = `'${s}`;
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `${rows.map((r) => r.map(field).join(',')).join('\n')}\n`;
}

/** JSON files use the snake_case of the project's other outputs (evaluation_config.yaml); the API stays camelCase. */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeKeys(v)]),
  );
}
