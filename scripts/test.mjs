// `npm test`: every check in one run, then one summary.
// Stages run in order and all run even when one fails, so a single run shows everything
// that is wrong; the browser journeys need the web build, so they are skipped if it fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'tyd-test-'));
const results = [];

function run(name, command, args, { vitestReport } = {}) {
  console.log(`\n━━ ${name}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
  const ok = child.status === 0;
  const result = { name, ok, seconds: (Date.now() - started) / 1000, passed: 0, failed: 0, skipped: 0 };
  if (vitestReport && existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
    result.passed = report.numPassedTests;
    result.failed = report.numFailedTests;
    result.skipped = report.numPendingTests + report.numTodoTests;
    // A suite that fails to load counts as a failure even though no test inside it ran.
    result.failed += report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
    result.slowest = slowestFiles(report);
  } else if (!ok) {
    result.failed = 1;
  }
  results.push(result);
  return ok;
}

// The files that took longest (each file's start to end in the report; a file's tests run one after another),
// so a slow suite shows where the time goes (docs/operations.md "Test suite").
function slowestFiles(report, count = 10) {
  return report.testResults
    .map((file) => ({ file: relative(process.cwd(), file.name), seconds: (file.endTime - file.startTime) / 1000, tests: file.assertionResults.length }))
    .filter((file) => Number.isFinite(file.seconds))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

function vitest(name, projects) {
  const report = join(reports, `${name}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return run(name, 'npx', args, { vitestReport: report });
}

run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
run('typecheck', 'npm', ['run', 'typecheck', '--workspaces', '--if-present', '--silent']);
vitest('unit and API', ['protocol', 'server', 'web']);
const built = run('build', 'npm', ['run', 'build', '--silent']);
if (built) vitest('browser journeys', ['e2e']);
else results.push({ name: 'browser journeys', ok: false, seconds: 0, passed: 0, failed: 1, skipped: 0, note: 'not run: build failed' });

for (const r of results.filter((r) => r.slowest?.length)) {
  console.log(`\n━━ slowest files: ${r.name}`);
  for (const f of r.slowest) console.log(`${f.seconds.toFixed(1).padStart(7)} s  ${f.file} (${f.tests} tests)`);
}

console.log('\n━━ summary');
for (const r of results) {
  const counts = r.passed || r.failed || r.skipped ? ` ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped` : '';
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(18)}${counts} (${r.seconds.toFixed(1)} s)${r.note ? ` ${r.note}` : ''}`);
}
// A failed stage that is not a test run (lint, typecheck, build) counts as one failure.
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + (r.ok ? r.failed : Math.max(r.failed, 1)), 0);
const stagesFailed = results.filter((r) => !r.ok).length;
console.log(`test: ${passed} passed, ${failed} failed`);
process.exit(stagesFailed === 0 ? 0 : 1);
