// The one clock of the server: the pipeline's timestamp window and replay memory, x-server-time, the request
// store's windows, and every service rule (code expiry, cooldowns, locks, sessions, uploads, telemetry) read
// time here, so a test that moves it moves all of them together and x-server-time (SPEC §4: the client's
// clock offset) is the time the window was judged by. Date.now unless buildApp is given another.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock.js';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { clock: Clock }) => {
    fastify.decorate('clock', opts.clock);
  },
  { name: 'clock', fastify: '5.x' },
);
