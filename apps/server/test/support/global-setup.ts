// Builds the server from the current sources before the tests that start it as its own process
// (support/child-server.ts), so they never run an older build.
import { buildServer } from '../../scripts/build-server.js';

export default async function setup(): Promise<void> {
  await buildServer();
}
