/**
 * yargs' strict-mode message names an unknown dashed flag twice, as given and camel-cased (`Unknown arguments:
 * bogus-flag, bogusFlag`): each once, as the user typed it.
 * @example usageMessage('Unknown arguments: bogus-flag, bogusFlag, x') // 'Unknown arguments: bogus-flag, x'
 */
export function usageMessage(message: string): string {
  const m = /^Unknown arguments?: (.*)$/s.exec(message);
  if (!m) return message;
  const names = m[1]!.split(', ');
  const camel = (name: string) => name.replace(/-+([a-z0-9])/g, (_all, c: string) => c.toUpperCase());
  const twins = new Set(names.filter((n) => n.includes('-')).map(camel));
  const kept = names.filter((n) => n.includes('-') || !twins.has(n));
  return `Unknown argument${kept.length === 1 ? '' : 's'}: ${kept.join(', ')}`;
}
