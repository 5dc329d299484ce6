// `npm test`: every check in one run, then one summary.
// Stages run in order and all run even when one fails, so a single run shows everything
// that is wrong; the browser journeys need the web build, so they are skipped if it fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const runStarted = Date.now();
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

// The static checks are independent and each uses one core: they run side by side, as many at a time as
// the machine has cores, and each prints its output when it ends (docs/operations.md "Test suite").
function runCaptured(command, args) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => done({ ok: status === 0, output, seconds: (Date.now() - started) / 1000, line: [command, ...args].join(' ') }));
  });
}

async function runSideBySide(stages) {
  const tasks = stages.flatMap((stage) => stage.commands.map((command) => ({ stage: stage.name, command })));
  const finished = [];
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const task = tasks[next++];
      const result = await runCaptured(task.command[0], task.command.slice(1));
      console.log(`\n━━ ${task.stage}: ${result.line} (${result.seconds.toFixed(1)} s)`);
      if (result.output) process.stdout.write(result.output);
      finished.push({ ...task, ...result });
    }
  }
  const started = Date.now();
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), tasks.length) }, worker));
  const wall = (Date.now() - started) / 1000;
  for (const stage of stages) {
    const own = finished.filter((task) => task.stage === stage.name);
    const ok = own.every((task) => task.ok);
    // Side by side, a stage's own time is the sum of its commands'; the run's wall time is printed below.
    const seconds = own.reduce((sum, task) => sum + task.seconds, 0);
    results.push({ name: stage.name, ok, seconds, passed: 0, failed: ok ? 0 : 1, skipped: 0, note: 'side by side' });
  }
  console.log(`\n━━ static checks: ${wall.toFixed(1)} s side by side`);
}

// The Node side's one program (tsconfig.node.json) and each workspace's own typecheck script where it has
// one (the protocol, the web app), so the list of projects lives in one place.
const workspaces = JSON.parse(readFileSync('package.json', 'utf8'))
  .workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(pattern.slice(0, -2))
          .map((name) => join(pattern.slice(0, -2), name))
          .filter((dir) => existsSync(join(dir, 'package.json')))
      : [pattern],
  )
  .filter((dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts?.typecheck);
await runSideBySide([
  { name: 'lint', commands: [['npx', 'eslint', '.', '--max-warnings=0']] },
  {
    name: 'typecheck',
    commands: [['npx', 'tsc', '--noEmit', '-p', 'tsconfig.node.json'], ...workspaces.map((w) => ['npm', 'run', 'typecheck', '--silent', '-w', w])],
  },
  { name: 'format', commands: [['npx', 'prettier', '--check', '--log-level', 'warn', '.']] },
]);
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
// The whole run's wall time, the figure the suite's budget is about (docs/operations.md "Test suite").
console.log(`test: ${passed} passed, ${failed} failed in ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);
process.exit(stagesFailed === 0 ? 0 : 1);
