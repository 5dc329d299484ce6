// Every web unit test: Preact runs effects after the browser painted (a frame later); a test has no
// paint to wait for, so they run as soon as the render that scheduled them has committed, as React's
// act() environment runs them. What a test then sees after an awaited click is what a person sees a
// frame after the tap.
import { options } from 'preact';
import { matchReactDom } from '../lib/react-dom-parity';

options.requestAnimationFrame = (flush) => queueMicrotask(flush);
// What the entries install (lib/react-dom-parity.ts).
matchReactDom();
