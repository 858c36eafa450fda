/**
 * @module Citation markers in a stream of text pieces. A marker can arrive split across
 * pieces ("[", "1", "]"), so a possible marker is held back until it is complete; markers
 * `keep` refuses (a number with no passage, or every marker for a voice) are dropped with the
 * whitespace before them. Everything else passes through unchanged and in order.
 */

/** The longest marker held back: `[` + up to 2 digits (markers go to [99], spec/chat.md §5). */
const MAX_MARKER_DIGITS = 2;

export class MarkerFilter {
  private held = '';
  private candidate: string | null = null;

  constructor(private readonly keep: (n: number) => boolean) {}

  /** Feeds the next piece; answers the text that can be emitted now (maybe ''). */
  push(piece: string): string {
    let out = '';
    for (const char of piece) {
      if (this.candidate !== null) {
        if (/\d/.test(char) && this.candidate.length <= MAX_MARKER_DIGITS) {
          this.candidate += char;
          continue;
        }
        if (char === ']' && this.candidate.length > 1 && this.candidate[1] !== '0') {
          const n = Number(this.candidate.slice(1));
          if (this.keep(n)) out += `${this.held}${this.candidate}]`;
          this.held = '';
          this.candidate = null;
          continue;
        }
        out += this.held + this.candidate;
        this.held = '';
        this.candidate = null;
      }
      if (/\s/.test(char)) this.held += char;
      else if (char === '[') this.candidate = '[';
      else {
        out += this.held + char;
        this.held = '';
      }
    }
    return out;
  }

  /** Ends the stream; answers whatever was still held back. */
  end(): string {
    const out = this.held + (this.candidate ?? '');
    this.held = '';
    this.candidate = null;
    return out;
  }
}
