// npm run bench:upload — a 3 MiB identity photo through the sealed-part upload (docs/protocol.md §14):
// the bytes on the wire against the photo, the time of a whole upload against the real app in this process
// (SQLite, loopback; the client's sealing shares the CPU, as a phone's would not), split into the client's
// part preparation (base64, seal, sign) and the server's answer, and the image check alone.
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { UPLOAD_PART_MAX_BYTES, toBase64, startUpload, uploadPart, finishUpload } from '@tyd/protocol';
import { inspectPhoto } from '../apps/server/src/uploads/services/inspect-photo.js';
import { createSession, createUser } from '../apps/server/test/support/factories.js';
import { cameraJpeg } from '../apps/server/test/support/test-images.js';
import { startTestApp } from '../apps/server/test/support/test-app.js';

const RUNS = 10;
const photo = cameraJpeg({ minBytes: 3 * 1_048_576 });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const inspectTimes: number[] = [];
for (let i = 0; i < 50; i += 1) {
  const start = performance.now();
  inspectPhoto(photo);
  inspectTimes.push(performance.now() - start);
}

const t = await startTestApp({ env: { UPLOAD_MAX_LIVE_PER_USER: String(RUNS + 1) } });
try {
  const client = await t.client();
  client.accessToken = (await createSession(t.app.accounts.repos, await createUser(t.app.accounts.repos))).accessToken;
  const sha256 = createHash('sha256').update(photo).digest('hex');
  const totals: number[] = [];
  const prepares: number[] = [];
  const sends: number[] = [];
  let wireBytes = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const begin = performance.now();
    const started = await client.call(startUpload, { purpose: 'face', size: photo.length });
    const { uploadId } = started.response?.data as { uploadId: string };
    let prepare = 0;
    let send = 0;
    for (let index = 0; index * UPLOAD_PART_MAX_BYTES < photo.length; index += 1) {
      const p0 = performance.now();
      const prepared = await client.prepare(uploadPart, {
        uploadId,
        index,
        bytes: toBase64(photo.subarray(index * UPLOAD_PART_MAX_BYTES, (index + 1) * UPLOAD_PART_MAX_BYTES)),
      });
      const p1 = performance.now();
      const answer = await client.send(prepared);
      send += performance.now() - p1;
      prepare += p1 - p0;
      if (answer.response?.code !== '200') throw new Error(`part ${index}: ${JSON.stringify(answer.response)}`);
      if (run === 0) wireBytes += prepared.body.length;
    }
    const finished = await client.call(finishUpload, { uploadId, sha256 });
    if (finished.response?.code !== '200') throw new Error(`finish: ${JSON.stringify(finished.response)}`);
    totals.push(performance.now() - begin);
    prepares.push(prepare);
    sends.push(send);
  }
  const parts = Math.ceil(photo.length / UPLOAD_PART_MAX_BYTES);
  console.log(`photo ${photo.length} B in ${parts} parts; part bodies on the wire ${wireBytes} B (${(wireBytes / photo.length).toFixed(2)}x)`);
  console.log(
    `whole upload, median of ${RUNS}: ${median(totals).toFixed(0)} ms (client preparing parts ${median(prepares).toFixed(0)} ms, server answering parts ${median(sends).toFixed(0)} ms)`,
  );
  console.log(`image check and metadata strip of the 3 MiB JPEG, median of 50: ${median(inspectTimes).toFixed(2)} ms`);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await t.close();
}
