// The first-screen worker (first-screen-renderer.ts): renders routes with the server's answers using the
// web build's prerender bundle (apps/web/src/prerender.tsx, bundled by apps/web/scripts/prerender.ts).
// A worker thread, because that bundle needs browser globals (happy-dom's), which must not exist in the
// server's own realm. One render at a time: the window's address is global. Plain JavaScript, so it runs
// under any loader the server was started with.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { ssrDir } = workerData;
const { installPrerenderWindow } = await import(pathToFileURL(join(ssrDir, 'prerender-window.js')).href);
const window = installPrerenderWindow();
const { renderWithAnswers } = await import(pathToFileURL(join(ssrDir, 'prerender.js')).href);

let queue = Promise.resolve();
parentPort.on('message', ({ id, path, visitor, answers }) => {
  queue = queue.then(async () => {
    try {
      window.happyDOM.setURL(`http://localhost${path}`);
      parentPort.postMessage({ id, screen: await renderWithAnswers(visitor, answers) });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
