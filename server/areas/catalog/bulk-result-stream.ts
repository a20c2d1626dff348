/**
 * Reads a bulk operation's JSONL file line by line as it downloads, never holding more than one
 * network chunk and one unfinished line: a store of 100,000 products is a file of hundreds of
 * megabytes, read in the memory of a few lines.
 *
 * A read may start past what an earlier, interrupted read stored: `from` gives the line number and
 * the byte offset reached. The file is asked from that byte (`Range`); a server that sends the whole
 * file anyway (200 instead of 206) has the bytes before it skipped as they arrive.
 *
 * A connection can stop sending without closing: the read would then wait forever. So each wait
 * for the answer or for its next bytes is given up after `idleTimeoutMs` of silence, which fails the
 * read; the next attempt resumes from what was stored. The time the caller takes with the lines it
 * was given (storing them) is not silence: only waits for the server count.
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

/** How long a download may stay silent before it is given up, unless the caller says otherwise. */
export const defaultIdleTimeoutMs = 60_000;

/** The file's server sent nothing for the idle timeout: the download was given up. */
export class ResultFileSilentError extends Error {
  constructor(idleTimeoutMs: number) {
    super(`The bulk operation's file sent nothing for ${idleTimeoutMs / 1000} s`);
    this.name = 'ResultFileSilentError';
  }
}

export async function* resultLines(
  url: string,
  from: ResultPosition = { line: 0, byte: 0 },
  options: { idleTimeoutMs?: number } = {},
): AsyncGenerator<ResultLine> {
  const idleTimeoutMs = options.idleTimeoutMs ?? defaultIdleTimeoutMs;
  const download = new AbortController();
  /** Waits for the server, aborting the download when it stays silent for too long. */
  const fromServer = async <T>(waiting: Promise<T>): Promise<T> => {
    const timer = setTimeout(
      () => download.abort(new ResultFileSilentError(idleTimeoutMs)),
      idleTimeoutMs,
    );
    try {
      return await waiting;
    } catch (error) {
      throw download.signal.aborted ? download.signal.reason : error;
    } finally {
      clearTimeout(timer);
    }
  };

  const response = await fromServer(
    fetch(url, {
      headers: from.byte > 0 ? { range: `bytes=${from.byte}-` } : {},
      signal: download.signal,
    }),
  );
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

  const reader = response.body.getReader();
  try {
    for (;;) {
      const read = await fromServer(reader.read());
      if (read.done) break;
      const bytes = read.value;
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
  } finally {
    // A read given up part-way (an error, or the caller stopped) closes the connection.
    await reader.cancel().catch(() => {});
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
