/** What a transport failure says below its surface: fetch and the SDK wrap the socket's error in causes. */

/**
 * The first string `code` on `error`'s causes (not on `error` itself: the SDK's own error has none worth naming),
 * at most five levels down.
 */
export function codeInCauses(error: unknown): string | null {
  for (
    let e: unknown = (error as { cause?: unknown } | null)?.cause, depth = 0;
    typeof e === 'object' && e !== null && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return null;
}
