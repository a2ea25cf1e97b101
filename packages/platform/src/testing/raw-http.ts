import { connect } from 'node:net';

export interface RawExchange {
  /** Every byte the server sent back, as text. */
  text: string;
  /** The answers' status lines and headers, one entry per answer, header names in lower case. */
  answers: { status: number; headers: Record<string, string> }[];
  /** Whether the server ended the connection (rather than the wait running out with it still open). */
  closedByServer: boolean;
}

/**
 * Writes raw HTTP/1.1 on one new connection, as a client that pipelines would, and reads until the server closes it
 * or `quietMs` pass without a byte. For what a fetch client hides: the `Connection` header on the wire, and whether
 * the connection really stays open for the next request. A write the server no longer reads is not an error here.
 */
export function rawHttp(port: number, writes: (string | Buffer)[], quietMs = 1000): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let quiet: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(quiet);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ text, answers: answersIn(text), closedByServer });
    };
    const wait = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => finish(false), quietMs);
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      wait();
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    // EPIPE or ECONNRESET: the server stopped reading what was still being written, and closed.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') finish(true);
      else if (!settled) reject(error);
    });
    socket.once('connect', () => {
      for (const write of writes) socket.write(write);
      wait();
    });
  });
}

function answersIn(text: string): RawExchange['answers'] {
  const answers: RawExchange['answers'] = [];
  for (const match of text.matchAll(/HTTP\/1\.1 (\d{3})[^\r\n]*\r\n((?:[^\r\n]+\r\n)*)\r\n/g)) {
    const headers: Record<string, string> = {};
    for (const line of (match[2] ?? '').split('\r\n').filter(Boolean)) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    answers.push({ status: Number(match[1]), headers });
  }
  return answers;
}
