import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createLogger, logDestinationFor, logFormatFor } from '#server/platform/logger.ts';

describe('the log format', () => {
  it('is readable for local mode on a terminal, JSON for a file or a pipe and always in production', () => {
    expect(logFormatFor({ mode: 'local', stdoutIsTerminal: true })).toBe('readable');
    expect(logFormatFor({ mode: 'local', stdoutIsTerminal: false })).toBe('json');
    expect(logFormatFor({ mode: 'production', stdoutIsTerminal: true })).toBe('json');
  });
});

/** Everything a logger writes to `destination`, once it has written `count` lines. */
function linesOf(output: PassThrough, count: number): Promise<string[]> {
  return new Promise((resolve) => {
    let text = '';
    output.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const lines = text.split('\n').filter((line) => line !== '');
      if (lines.length >= count) resolve(lines);
    });
  });
}

describe('readable lines', () => {
  it('give time, level and message on one line, not JSON, and keep secrets out as JSON does', async () => {
    const output = new PassThrough();
    const destination = await logDestinationFor('readable', output);
    const logger = createLogger('info', destination);
    const written = linesOf(output, 2);
    logger.info('Ready on http://localhost:3000');
    logger.warn({ session: { refreshToken: 'refresh-secret', idToken: 'id-secret' } }, 'signed in');

    const [ready, signedIn] = await written;
    // Colours depend on the terminal; the words do not.
    const plain = stripVTControlCharacters;
    expect(plain(ready!)).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Ready on http:\/\/localhost:3000$/,
    );
    expect(() => JSON.parse(ready!)).toThrow();
    expect(plain(signedIn!)).toMatch(/WARN: signed in/);
    expect(signedIn).not.toContain('refresh-secret');
    expect(signedIn).not.toContain('id-secret');
    expect(signedIn).toContain('[REDACTED]');
  });
});
