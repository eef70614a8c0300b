import { UserError } from '@eval-factory/errors';

/**
 * The one error for malformed data files: names the file and the field or row, never crashes with a TypeError.
 * @example throw dataFormatError('/data/ori_pqal.json', 'entry "123": CONTEXTS is not a list')
 */
export function dataFormatError(file: string, what: string): UserError {
  return new UserError(
    'EF_DATA_FORMAT',
    `Malformed data in ${file}: ${what}`,
    'Check that extra.data_path points at an unmodified copy of the upstream file, or delete the cached copy to download it again.',
  );
}

/** Short, single-line rendering of a bad value for error messages. */
export function describeValue(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
