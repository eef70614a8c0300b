import { describe, expect, it } from '@jest/globals';
import {
  headerHoldsSecret,
  headerLooksSecret,
  headerReferences,
  isHeaderReference,
  registerHeaderSecrets,
  substituteHeader,
} from './header-secrets.js';
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

describe('header variable references', () => {
  it('lists the variables a value names and tells a reference from a literal', () => {
    expect(headerReferences('Bearer ${GATEWAY_TOKEN}')).toEqual(['GATEWAY_TOKEN']);
    expect(headerReferences('${A}-${B}-${A} $NOT {X}')).toEqual(['A', 'B']);
    expect(isHeaderReference('Bearer ${GATEWAY_TOKEN}')).toBe(true);
    expect(isHeaderReference('${KEY}')).toBe(true);
    expect(isHeaderReference('Bearer sk-0123456789')).toBe(false);
    expect(isHeaderReference('Basic ${USER}:literal-password')).toBe(false);
    expect(headerHoldsSecret('Authorization', 'Bearer ${GATEWAY_TOKEN}')).toBe(false);
    expect(headerHoldsSecret('Authorization', 'Bearer abc')).toBe(true);
    expect(headerHoldsSecret('X-Request-Source', 'medhelm')).toBe(false);
  });

  it('substitutes each reference, and registers nothing for a reference (files show it as written)', () => {
    expect(substituteHeader('Bearer ${T} ${T}', (n) => `<${n}>`)).toBe('Bearer <T> <T>');
    registerHeaderSecrets({ Authorization: 'Bearer ${GATEWAY_TOKEN_REF}' });
    expect(redact('Bearer ${GATEWAY_TOKEN_REF}')).toBe('Bearer ${GATEWAY_TOKEN_REF}');
    expect(redact('Authorization: Bearer ${GATEWAY_TOKEN_REF}')).toBe('Authorization: Bearer ${GATEWAY_TOKEN_REF}');
    expect(redact('x-api-key: ${GATEWAY_KEY}')).toBe('x-api-key: ${GATEWAY_KEY}');
  });
});
