/**
 * Reads a bulk operation's JSONL file line by line as it downloads, never holding more than one
 * network chunk and one unfinished line: a store of 100,000 products is a file of hundreds of
 * megabytes, read in the memory of a few lines.
 *
 * A read may start past what an earlier, interrupted read stored: `from` gives the line number and
 * the byte offset reached. The file is asked from that byte (`Range`); a server that sends the whole
 * file anyway (200 instead of 206) has the bytes before it skipped as they arrive.
 */

export interface ResultPosition {
  /** Lines read before this one. */
  line: number;
  /** Bytes those lines took, line endings included. */
  byte: number;
}

export interface ResultLine {
  /** The line's text (without its line ending). */
  text: string;
  /** Where the read stands once this line is read: resume from here. */
  after: ResultPosition;
}

const newline = 0x0a;

export async function* resultLines(
  url: string,
  from: ResultPosition = { line: 0, byte: 0 },
  options: { signal?: AbortSignal } = {},
): AsyncGenerator<ResultLine> {
  const response = await fetch(url, {
    headers: from.byte > 0 ? { range: `bytes=${from.byte}-` } : {},
    ...(options.signal !== undefined && { signal: options.signal }),
  });
  if (response.status === 416 && from.byte > 0) {
    // Asked from the end of the file: every line was read already.
    await response.body?.cancel();
    return;
  }
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    throw new Error(`The bulk operation's file answered ${response.status}`);
  }
  let toSkip = response.status === 206 ? 0 : from.byte;
  let line = from.line;
  let byte = from.byte;
  /** The bytes of the line not ended yet, as chunks (joined once its end arrives). */
  let pending: Buffer[] = [];
  let pendingLength = 0;

  for await (const received of response.body) {
    const bytes = received as Uint8Array;
    let chunk = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (toSkip > 0) {
      const skipped = Math.min(toSkip, chunk.length);
      toSkip -= skipped;
      chunk = chunk.subarray(skipped);
    }
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(newline, start);
      if (end === -1) break;
      const piece = chunk.subarray(start, end);
      const whole =
        pendingLength === 0
          ? piece
          : Buffer.concat([...pending, piece], pendingLength + piece.length);
      pending = [];
      pendingLength = 0;
      byte += whole.length + 1;
      start = end + 1;
      const text = whole.toString('utf8').replace(/\r$/, '');
      if (text === '') continue;
      line += 1;
      yield { text, after: { line, byte } };
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      pending.push(rest);
      pendingLength += rest.length;
    }
  }
  if (pendingLength > 0) {
    // The last line may end without a line ending.
    const whole = Buffer.concat(pending, pendingLength);
    byte += whole.length;
    const text = whole.toString('utf8').replace(/\r$/, '');
    if (text !== '') {
      line += 1;
      yield { text, after: { line, byte } };
    }
  }
}
