import { describe, expect, it } from '@jest/globals';
import { headerLooksSecret, registerHeaderSecrets } from './header-secrets.js';
import { redact } from './redact.js';

describe('request header secrets', () => {
  it('tells credential headers and key-shaped values from ordinary ones', () => {
    expect(headerLooksSecret('X-Org', 'team-7')).toBe(false);
    expect(headerLooksSecret('X-Session-Token', 'plain-words-here')).toBe(true);
    expect(headerLooksSecret('X-Trace', 'nvapi-0123456789abcdef')).toBe(true);
  });

  it('registers secret-looking values (and a scheme token alone) so log lines hide them', () => {
    registerHeaderSecrets({ 'X-Org': 'team-7-visible', 'X-Custom-Auth': 'Scheme opaque-value-123456' });
    expect(redact('org team-7-visible')).toBe('org team-7-visible');
    expect(redact('sent opaque-value-123456')).not.toContain('opaque-value-123456');
  });
});
