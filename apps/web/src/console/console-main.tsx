// The operators' console's entry (ops.html; docs/operations.md "The console"): one router over the console's
// pages, each page's chunk loaded before its navigation commits, the title set after it, then render.
// Nothing of the consumer app's start (native bridge, analytics, login guard, prerendered first screens)
// runs here: operators use a desktop or phone browser, and the console is its own, stricter page.
import { createRoot } from 'react-dom/client';
import { createRouter } from '../lib/router';
import { ConsoleApp, loadConsolePage } from './console-app';
import { CONSOLE_TITLE, matchConsoleRoute } from './console-routes';
import '../styles/base.css';
import './console.css';

const router = createRouter();
router.beforeEach(async (to) => {
  await loadConsolePage(matchConsoleRoute(to.path));
});
router.afterEach((to) => {
  const route = matchConsoleRoute(to.path);
  document.title = route ? `${route.title} · ${CONSOLE_TITLE}` : CONSOLE_TITLE;
});

const root = document.getElementById('root');
if (!root) throw new Error('ops.html has no #root');
void router.start().then(() => {
  createRoot(root).render(<ConsoleApp router={router} />);
  // The first screen is on the page and answers input (User Timing, as the consumer app's main.tsx sets it).
  performance.mark('tyd-interactive');
});
