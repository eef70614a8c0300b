import { dataFormatError, describeValue } from './data-errors.js';

/** One row of a `{"data": [{src, tgt, …}]}` file: the two texts, and the row's other fields untouched. */
export interface SrcTgtRow {
  readonly src: string;
  readonly tgt: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/**
 * The `{"data": [{"src": …, "tgt": …}, …]}` layout that ACI-Bench and the MedDialog BioBART splits share; anything
 * else is EF_DATA_FORMAT naming the file and the row.
 * @example parseSrcTgtJson('{"data": [{"src": "a", "tgt": "b"}]}', 'x.json') // [{ src: 'a', tgt: 'b', fields: {…} }]
 */
export function parseSrcTgtJson(text: string, path: string): SrcTgtRow[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw dataFormatError(path, `invalid JSON (${(e as Error).message})`);
  }
  const data = (value as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw dataFormatError(path, 'expected an object with a "data" list');
  return data.map((row: unknown, i) => {
    const r = (row ?? {}) as Record<string, unknown>;
    for (const key of ['src', 'tgt'] as const) {
      if (typeof r[key] !== 'string')
        throw dataFormatError(path, `data[${i}]: ${key} is ${describeValue(r[key])}, not a string`);
    }
    return { src: r.src as string, tgt: r.tgt as string, fields: r };
  });
}
