import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { deploymentsForPods, endpointsFor, readHelmDeployments, readLocalDeployments } from './local-path.js';

// HELM's own format, as a HELM user writes it in prod_env/ (plus one deployment that is not an HTTP endpoint).
const HELM_DEPLOYMENTS = `model_deployments:
  - name: local/model-a
    model_name: acme/model-a
    tokenizer_name: openai/cl100k_base
    max_sequence_length: 32768
    client_spec:
      class_name: "helm.clients.openai_client.OpenAIClient"
      args:
        base_url: http://127.0.0.1:8000/v1
        openai_model_name: model-a-served
  - name: local/model-b
    model_name: acme/model-b
    client_spec:
      class_name: "helm.clients.openai_client.OpenAILegacyCompletionsClient"
      args: {base_url: "http://127.0.0.1:8001/v1"}
  - name: huggingface/gpt2
    model_name: openai/gpt2
    client_spec: {class_name: "helm.clients.huggingface_client.HuggingFaceClient"}
`;

function dirWith(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'ef-local-'));
  writeFileSync(join(dir, 'model_deployments.yaml'), text);
  return dir;
}

describe('--local-path: HELM-format model_deployments.yaml', () => {
  it('maps each model with an HTTP base_url to its endpoint, type from the client class', () => {
    expect([...readLocalDeployments(dirWith(HELM_DEPLOYMENTS))]).toEqual([
      ['acme/model-a', { url: 'http://127.0.0.1:8000/v1', model_id: 'model-a-served', type: 'chat' }],
      ['acme/model-b', { url: 'http://127.0.0.1:8001/v1', model_id: 'model-b', type: 'completions' }],
    ]);
  });

  // HELM's OpenAIClient sends `openai_model_name or request.model_engine`, the model name's second segment.
  it.each([
    ['acme/model-c', 'model-c'],
    ['acme/model-c/v2', 'model-c'],
    ['model-c', 'model-c'],
  ])('without openai_model_name, model %s is sent as %s (helm-run sends model_engine)', (model, served) => {
    const text = `model_deployments:\n  - name: local/c\n    model_name: ${model}\n    client_spec:\n      class_name: "helm.clients.openai_client.OpenAIClient"\n      args: {base_url: "http://127.0.0.1:8002/v1"}\n`;
    expect(readLocalDeployments(dirWith(text)).get(model)?.model_id).toBe(served);
  });

  it('names every model of --models-to-run that has no such deployment, in one error', () => {
    const deployments = readLocalDeployments(dirWith(HELM_DEPLOYMENTS));
    expect(() => endpointsFor(['acme/model-a', 'openai/gpt2', 'x/y'], deployments, 'prod_env')).toThrow(
      expect.objectContaining({
        code: 'EF_SUITE_MODELS',
        message: expect.stringMatching(/no deployment with a base_url for openai\/gpt2, x\/y/),
      }),
    );
  });

  it.each([
    ['a missing file', null, /does not exist/],
    ['not YAML', 'model_deployments: [', /not valid YAML/],
    ['no list', 'models: []', /no model_deployments list/],
  ])('%s is EF_SUITE_MODELS', (_what, text, message) => {
    const dir = text === null ? mkdtempSync(join(tmpdir(), 'ef-local-')) : dirWith(text);
    expect(() => readLocalDeployments(dir)).toThrow(
      expect.objectContaining({ code: 'EF_SUITE_MODELS', message: expect.stringMatching(message) }),
    );
  });
});

describe('27.9 deploymentsForPods: what a Kubernetes ConfigMap carries of --local-path', () => {
  const withKey = HELM_DEPLOYMENTS.replace(
    '        openai_model_name: model-a-served',
    '        openai_model_name: model-a-served\n        api_key: sk-SENTINELinDEPLOYMENTS0123456789',
  );
  const carried = deploymentsForPods(readHelmDeployments(dirWith(withKey)));

  it("gives the pods the same deployments as the user's file, under their own names", () => {
    expect(readHelmDeployments(dirWith(carried))).toEqual(readHelmDeployments(dirWith(withKey)));
    expect(readHelmDeployments(dirWith(carried)).map((d) => d.name)).toEqual(['local/model-a', 'local/model-b']);
  });
  it('carries nothing else: no api_key, no field eval-factory does not read', () => {
    expect(carried).not.toContain('SENTINEL');
    expect(carried).not.toMatch(/api_key|tokenizer_name|max_sequence_length|HuggingFace/);
  });
});
