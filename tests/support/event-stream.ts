import http from 'node:http';

/**
 * A Server-Sent Events stream read as a browser's EventSource reads it: `id:`, `data:` and `retry:`
 * fields, blank-line separated, and comment lines (`: …`) kept apart, for assertions on the live
 * channel (server/bff/routes/live-events-route.ts).
 */
export interface StreamedEvent {
  id?: string;
  data: string;
}

export interface EventStream {
  status: number;
  headers: Headers;
  events: StreamedEvent[];
  comments: string[];
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  /** Resolves with the events once `count` have arrived; rejects after `withinMs`. */
  waitForEvents(count: number, withinMs?: number): Promise<StreamedEvent[]>;
  close(): void;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  // node:http rather than fetch: closing the stream must close its connection at once, as a
  // browser does, so that the server sees the channel go.
  const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  const events: StreamedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const parseBlock = (block: string) => {
    const event: StreamedEvent = { data: '' };
    let hasData = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('id: ')) event.id = line.slice(4);
      else if (line.startsWith('data: ')) {
        event.data += (hasData ? '\n' : '') + line.slice(6);
        hasData = true;
      }
    }
    if (hasData) events.push(event);
    for (const wake of waiters) wake();
  };
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      parseBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
  });
  const ended = new Promise<void>((resolve) => {
    response.once('close', resolve);
    request.once('error', () => resolve());
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers))
    if (typeof value === 'string') responseHeaders.set(name, value);
  return {
    status: response.statusCode ?? 0,
    headers: responseHeaders,
    events,
    comments,
    ended,
    async waitForEvents(count, withinMs = 5_000) {
      const deadline = Date.now() + withinMs;
      while (events.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${events.length} events of ${count} after ${withinMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
        });
      }
      return events.slice(0, count);
    },
    close: () => request.destroy(),
  };
}
