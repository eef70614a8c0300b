/**
 * Thrift compact protocol, write side: just the field kinds Parquet metadata uses (for the test Parquet writer).
 * Fields must be written in increasing id order within a struct.
 */

/** Thrift compact-protocol type ids. */
export const T = { TRUE: 1, FALSE: 2, I32: 5, I64: 6, BINARY: 8, LIST: 9, STRUCT: 12 } as const;

/** Appends compact-protocol values to `bytes`; `body` opens a struct scope (field ids are delta-coded per struct). */
export class CompactWriter {
  readonly bytes: number[] = [];
  private readonly lastField: number[] = [0];

  varint(value: bigint): void {
    let v = value;
    while (v >= 0x80n) {
      this.bytes.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.bytes.push(Number(v));
  }
  zigzag(value: number | bigint): void {
    const v = BigInt(value);
    this.varint(v >= 0n ? v << 1n : (-v << 1n) - 1n);
  }
  binary(data: string | Uint8Array): void {
    const raw = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    this.varint(BigInt(raw.length));
    for (const b of raw) this.bytes.push(b);
  }
  field(id: number, type: number): void {
    const last = this.lastField[this.lastField.length - 1];
    const delta = id - last;
    if (delta > 0 && delta <= 15) this.bytes.push((delta << 4) | type);
    else {
      this.bytes.push(type);
      this.zigzag(id);
    }
    this.lastField[this.lastField.length - 1] = id;
  }
  i32(id: number, value: number): void {
    this.field(id, T.I32);
    this.zigzag(value);
  }
  i64(id: number, value: number | bigint): void {
    this.field(id, T.I64);
    this.zigzag(value);
  }
  string(id: number, value: string): void {
    this.field(id, T.BINARY);
    this.binary(value);
  }
  bool(id: number, value: boolean): void {
    this.field(id, value ? T.TRUE : T.FALSE);
  }
  /** A struct body: its fields, then the stop byte. */
  body(write: () => void): void {
    this.lastField.push(0);
    write();
    this.bytes.push(0);
    this.lastField.pop();
  }
  struct(id: number, write: () => void): void {
    this.field(id, T.STRUCT);
    this.body(write);
  }
  list<V>(id: number, elementType: number, items: readonly V[], writeItem: (item: V) => void): void {
    this.field(id, T.LIST);
    if (items.length < 15) this.bytes.push((items.length << 4) | elementType);
    else {
      this.bytes.push(0xf0 | elementType);
      this.varint(BigInt(items.length));
    }
    items.forEach(writeItem);
  }
}
