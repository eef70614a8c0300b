import { dataFormatError } from './data-errors.js';

/**
 * Bytes → text as Python's `encoding="utf-8"` decodes them (HELM opens data files so): strict, and a BOM kept as
 * U+FEFF. Invalid UTF-8 is an `EF_DATA_FORMAT` error naming `source`. Whole files and files read in chunks share it.
 * @example new StrictUtf8('data.json').decode(bytes)
 */
export class StrictUtf8 {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

  constructor(private readonly source: string) {}

  /**
   * The text of `bytes`. With `more`, a character cut at their end is completed by the next call's bytes; a call
   * without bytes ends the text (a character still cut then is invalid).
   */
  decode(bytes?: Uint8Array, more = false): string {
    try {
      return this.decoder.decode(bytes, { stream: more });
    } catch {
      throw dataFormatError(this.source, 'the file is not valid UTF-8');
    }
  }
}
