import { describe, expect, it } from '@jest/globals';
import { redact, UserError } from '@eval-factory/errors';
import type { ModelDeployment } from '@eval-factory/types';
import { withHeaderValues } from './header-values.js';

/** Only the headers matter here; the rest is any deployment. */
const deployment = (headers: Record<string, string>) => ({ name: 'd', headers }) as unknown as ModelDeployment;

describe('header ${VAR} values', () => {
  it('puts each variable in, keeps literal headers, and hides the values from log lines', () => {
    const env = { GATEWAY_TOKEN: 'gw-token-value-0123WXYZ' };
    const sent = withHeaderValues(
      deployment({ Authorization: 'Bearer ${GATEWAY_TOKEN}', 'X-Request-Source': 'medhelm' }),
      { env },
    );
    expect(sent.headers).toEqual({ Authorization: 'Bearer gw-token-value-0123WXYZ', 'X-Request-Source': 'medhelm' });
    expect(redact('echo gw-token-value-0123WXYZ')).not.toContain('gw-token-value');
    expect(redact('from medhelm')).toBe('from medhelm');
  });

  it('leaves a deployment without references as it is', () => {
    const plain = deployment({ 'X-Request-Source': 'medhelm' });
    expect(withHeaderValues(plain, { env: {} })).toBe(plain);
  });

  it.each([
    ['unset', {}],
    ['empty', { GATEWAY_TOKEN: '' }],
  ])('an %s variable is EF_API_KEY_MISSING naming it and the header', (_, env) => {
    const attempt = () => withHeaderValues(deployment({ Authorization: 'Bearer ${GATEWAY_TOKEN}' }), { env });
    expect(attempt).toThrow(UserError);
    expect(attempt).toThrow(/header Authorization references \$\{GATEWAY_TOKEN\}.*GATEWAY_TOKEN is not set/);
    try {
      attempt();
    } catch (error) {
      expect((error as UserError).code).toBe('EF_API_KEY_MISSING');
    }
  });
});
