/**
 * Text from data or a model (a prompt, a CSV cell, a run name) printed to a terminal: control characters other than
 * newline and tab become visible escapes (`\x1b`, `\x07`, `\x9b`), so an escape sequence hidden in a data file cannot
 * move the cursor, rewrite earlier lines, retitle the window or hide text. Carriage returns are shown
 * too: they would overwrite the line they end.
 * @example terminalSafe('ok\x1b[2Jgone') // 'ok\\x1b[2Jgone'
 */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

// C0 controls except \t (09) and \n (0a), DEL, and the C1 controls (0x9b is a one-byte CSI on some terminals).
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
