// Bundles an in-page probe for injection with page.addScriptTag.
import { build } from 'esbuild';
import { resolve } from 'node:path';

export async function bundleProbe(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [resolve(import.meta.dirname, 'in-page', entry)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome110',
    write: false,
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error(`esbuild produced nothing for ${entry}`);
  return file.text;
}
