// The browser globals the app's modules read, from happy-dom, for rendering the app outside a browser
// (prerender.tsx) at build time (scripts/prerender.ts). Installed before the app's modules load, since some
// read them as they load; storage starts empty: the state of a first visitor. Never part of the browser bundle.
import { Window } from 'happy-dom';

export function installPrerenderWindow(): Window {
  const window = new Window({ url: 'http://localhost/' });
  Object.assign(globalThis, {
    window,
    document: window.document,
    navigator: window.navigator,
    location: window.location,
    history: window.history,
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
  });
  return window;
}
