/**
 * The distinct lines of a file seen so far, one bit per line (a million lines take 125 KiB): how
 * an import counts its data rows when a reader yields a row's records apart or out of order.
 */
export class LineSet {
  private bits = new Uint8Array(1024);
  /** Distinct lines added. */
  size = 0;

  /** Adds `line` (1-based, or 0 for "no line"); true when it was not in the set. */
  add(line: number): boolean {
    const at = Math.max(0, Math.floor(line));
    const byte = at >>> 3;
    if (byte >= this.bits.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    const mask = 1 << (at & 7);
    if ((this.bits[byte] as number) & mask) return false;
    this.bits[byte] = (this.bits[byte] as number) | mask;
    this.size++;
    return true;
  }
}
