import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { redact } from '@eval-factory/errors';
import { helmApiKey, helmBaseUrl, helmKeyVariable, parseHocon, readHelmCredentials } from './helm-credentials.js';

const prodEnv = (text: string): string => {
  const dir = mkdtempSync(join(tmpdir(), 'ef-creds-'));
  writeFileSync(join(dir, 'credentials.conf'), text);
  return dir;
};

describe("credentials.conf read as helm-run's provide_api_key reads it", () => {
  const conf = `# HELM's prod_env/credentials.conf
stanfordhealthcareApiKey: "sk-org-key-0123456789abcd"
localBaseUrl = "http://127.0.0.1:9000/v1"
deployments {
  "local/llama-3.3-70b": sk-deployment-key-0123456789
  "local/other": "sk-other-key-0123456789"
}
deployments.local/third: "sk-third-key-0123456789"
`;

  it('<org>ApiKey first, then deployments.<name>, else nothing', () => {
    const c = readHelmCredentials(prodEnv(conf));
    expect(helmApiKey(c, 'stanfordhealthcare/gpt-4o-2024-05-13')).toBe('sk-org-key-0123456789abcd');
    expect(helmApiKey(c, 'local/llama-3.3-70b')).toBe('sk-deployment-key-0123456789');
    expect(helmApiKey(c, 'local/third')).toBe('sk-third-key-0123456789');
    expect(helmApiKey(c, 'local/missing')).toBeUndefined();
    expect(helmBaseUrl(c, 'local/other')).toBe('http://127.0.0.1:9000/v1');
  });

  it('every key read is known to the redaction layer; a base URL is not a secret', () => {
    readHelmCredentials(prodEnv(conf));
    expect(redact('sent sk-deployment-key-0123456789 and sk-other-key-0123456789')).not.toContain('key-0123');
    expect(redact('url http://127.0.0.1:9000/v1')).toContain('http://127.0.0.1:9000/v1');
  });

  it('HOCON forms: braces at the top, = and :, later keys win, objects merge, quoted keys keep their dots', () => {
    expect(parseHocon('{\n a.b: "x"\n a { c = y }\n "d.e": z, a.b: w\n}\n', 'f')).toEqual({
      a: { b: 'w', c: 'y' },
      'd.e': 'z',
    });
  });

  it('a folder without credentials.conf has no keys (helm-run runs without one too)', () => {
    const c = readHelmCredentials(mkdtempSync(join(tmpdir(), 'ef-creds-')));
    expect(helmApiKey(c, 'a/b')).toBeUndefined();
  });

  it('a file it cannot read is EF_HELM_CREDENTIALS naming the line, never quoting the text', () => {
    const dir = prodEnv('okApiKey: "sk-fine-0123456789"\nbadApiKey: ${SECRET_sk-visible-0123456789}\n');
    let caught: unknown;
    try {
      readHelmCredentials(dir);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      code: 'EF_HELM_CREDENTIALS',
      message: expect.stringContaining('credentials.conf:2:'),
    });
    expect(JSON.stringify(caught) + String((caught as Error).message)).not.toContain('visible');
  });

  it('names the variable a key reaches its job by', () => {
    expect(helmKeyVariable('stanfordhealthcare/gpt-4o-2024-05-13')).toBe(
      'EF_HELM_KEY_STANFORDHEALTHCARE_GPT_4O_2024_05_13',
    );
  });
});
