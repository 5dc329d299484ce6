// A log destination for startTestApp({ logStream }) that keeps each JSON line, so tests can read what
// the server logged (and prove what it never logs).
import { Writable } from 'node:stream';

export function captureLogLines(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}
