import { cellError, lineError } from './cell-error.js';

/** One raw CSV record: its cells as written and the physical line where it starts. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** Options of {@link CsvTokenizer}. */
export interface CsvTokenizerOptions {
  /** Physical line number of the first character pushed (default 1). */
  firstLine?: number;
  /** Longest record accepted, in characters (default 1 MiB): keeps memory bounded. */
  maxRecordLength?: number;
  /** Names a 0-based column for error messages (default: its 1-based number). */
  columnLabel?: (index: number) => string;
}

/** Default bound on one record's size, in characters. */
export const DEFAULT_MAX_RECORD_LENGTH = 1_048_576;

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;
const SPACE = 32;
const TAB = 9;

const State = {
  FieldStart: 0,
  Unquoted: 1,
  Quoted: 2,
  QuoteInQuoted: 3,
  AfterClosingQuote: 4,
} as const;
type State = (typeof State)[keyof typeof State];

/**
 * An incremental RFC 4180 tokenizer: `push` text in any chunking, get the completed records.
 * Handles a leading BOM, CRLF / LF / CR line ends, quoted fields with `""` escapes and
 * embedded line breaks (kept as written), and blanks after a closing quote. A quote inside an
 * unquoted field is an error (it keeps forward and backward reading in agreement).
 */
export class CsvTokenizer {
  private state: State = State.FieldStart;
  private field = '';
  private cells: string[] = [];
  private recordLength = 0;
  private recordLine: number;
  private fieldLine: number;
  private prevCR = false;
  private started = false;
  private readonly maxRecordLength: number;
  private readonly label: (index: number) => string;
  /** The physical line the tokenizer is on. */
  line: number;

  constructor(options: CsvTokenizerOptions = {}) {
    this.line = options.firstLine ?? 1;
    this.recordLine = this.line;
    this.fieldLine = this.line;
    this.maxRecordLength = options.maxRecordLength ?? DEFAULT_MAX_RECORD_LENGTH;
    this.label = options.columnLabel ?? ((i) => String(i + 1));
  }

  /**
   * Feeds a chunk of text; yields the records it completes, one at a time, so a consumer
   * can read the header (and label columns in errors) before later rows are tokenized.
   */
  *push(text: string): Generator<CsvRecord, void, undefined> {
    let i = 0;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) i = 1;
    }
    const n = text.length;
    while (i < n) {
      const c = text.charCodeAt(i);
      switch (this.state) {
        case State.Quoted: {
          const q = text.indexOf('"', i);
          const end = q === -1 ? n : q;
          this.countLines(text, i, end);
          this.append(text.slice(i, end));
          if (q === -1) return;
          this.prevCR = false;
          this.state = State.QuoteInQuoted;
          i = q + 1;
          continue;
        }
        case State.QuoteInQuoted:
          if (c === QUOTE) {
            this.append('"');
            this.state = State.Quoted;
            i++;
            continue;
          }
          this.state = State.AfterClosingQuote;
          continue;
        case State.AfterClosingQuote:
          if (c === SPACE || c === TAB) {
            i++;
            continue;
          }
          if (c !== COMMA && c !== CR && c !== LF) {
            throw cellError(this.line, this.label(this.cells.length), 'unexpected character after a closing quote');
          }
          this.state = State.Unquoted;
          continue;
        case State.FieldStart:
          if (c === QUOTE) {
            this.prevCR = false;
            this.fieldLine = this.line;
            this.state = State.Quoted;
            i++;
            continue;
          }
          if (c === LF && this.prevCR) {
            this.prevCR = false;
            i++;
            continue;
          }
          this.state = State.Unquoted;
          continue;
        case State.Unquoted: {
          let j = i;
          let d = c;
          while (j < n) {
            d = text.charCodeAt(j);
            if (d === COMMA || d === CR || d === LF) break;
            if (d === QUOTE) {
              throw cellError(
                this.line,
                this.label(this.cells.length),
                'a quote inside an unquoted field: quote the whole field and double the quote ("")',
              );
            }
            j++;
          }
          if (j > i) {
            this.prevCR = false;
            this.append(text.slice(i, j));
          }
          if (j === n) return;
          this.endField();
          if (d === COMMA) {
            this.prevCR = false;
            this.state = State.FieldStart;
          } else {
            yield this.endRecord();
            this.prevCR = d === CR;
            this.line++;
            this.recordLine = this.line;
          }
          i = j + 1;
          continue;
        }
      }
    }
  }

  /** Ends the input; returns the last record if the text did not end with a line break. */
  end(): CsvRecord[] {
    if (this.state === State.Quoted) {
      throw cellError(this.fieldLine, this.label(this.cells.length), 'unterminated quoted field');
    }
    if (this.state === State.FieldStart && this.cells.length === 0) return [];
    this.endField();
    return [this.endRecord()];
  }

  private append(s: string): void {
    this.field += s;
    if (this.recordLength + this.field.length > this.maxRecordLength) {
      throw lineError(this.recordLine, `record longer than ${this.maxRecordLength} characters (an unterminated quote?)`);
    }
  }

  private endField(): void {
    this.recordLength += this.field.length;
    this.cells.push(this.field);
    this.field = '';
    this.state = State.FieldStart;
  }

  private endRecord(): CsvRecord {
    const record = { line: this.recordLine, cells: this.cells };
    this.cells = [];
    this.recordLength = 0;
    this.state = State.FieldStart;
    return record;
  }

  /** Counts line breaks inside a quoted field (CRLF counts once). */
  private countLines(text: string, from: number, to: number): void {
    for (let j = from; j < to; j++) {
      const d = text.charCodeAt(j);
      if (d === LF) {
        if (!this.prevCR) this.line++;
        this.prevCR = false;
      } else if (d === CR) {
        this.line++;
        this.prevCR = true;
      } else {
        this.prevCR = false;
      }
    }
  }
}
