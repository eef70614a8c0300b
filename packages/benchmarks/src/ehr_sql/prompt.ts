import type { PromptSpec } from '@eval-factory/types';

/**
 * The project's own wording of HELM's EHRSQL instruction (docs/benchmarks/ehr_sql.md): three paragraphs separated by blank
 * lines. HELM's exact text is in `medhelm_run_specs.py` L1296–1304 (use `extra.prompt_texts` for it). The nouns are
 * structural and exact (docs/architecture.md); the input already ends with a blank line, so the prompt ends
 * `…\n\n\nSQL Query:`.
 */
export const ehrSqlPrompt: PromptSpec = {
  method: 'generation',
  instructions:
    'You are an expert in writing SQL for clinical databases. Read the database schema and the medical question, ' +
    'then write one valid SQL query that retrieves what the question asks for. Give the query alone, without any ' +
    'explanation.\n\n' +
    'What you receive: the schema of a database, then a question in plain language.\n' +
    'What you return: a single valid SQL query that ends with a semicolon (;), with no other text around it.\n\n' +
    'When the question cannot be answered from this database, return an empty answer: no query, no comment, nothing else.',
  input_noun: 'Medical Question + Schema',
  output_noun: 'SQL Query',
  max_tokens: 1024,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};
