// `npm run admin -- content …` (docs/operations.md "Content") as a child process against the test app's
// database: what it publishes is what the running server answers, and every change is audited. Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOutcome } from '../support/admin-command.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES } from '../support/test-databases.js';

// A Node process per command (tsx): seconds apiece on a busy machine; a hang limit, not a timing check.
const CLI_TEST_TIMEOUT_MS = 180_000;

describe.each(ENGINES)('admin content command on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  const admin = (args: string[]) => adminOutcome(t, ['content', ...args]);

  it(
    'creates, previews, publishes and unpublishes, with the audit',
    async () => {
      const preview = await admin(['preview', '--body', '**重要** <script>alert(1)</script> [x](javascript:alert(1))']);
      expect(preview).toMatchObject({ code: 0, stdout: '<p><strong>重要</strong> &lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1))</p>\n\n' });
      const created = await admin(['create', 'announcement', '--title', '服务时间调整', '--body', '春节期间客服时间调整。', '--by', '王敏']);
      expect(created.code, created.stderr).toBe(0);
      const item = JSON.parse(created.stdout) as { id: string; status: string };
      expect(item.status).toBe('draft');
      const client = await t.client();
      expect((await client.call('/v1/content/tyd-notice-detail', { id: item.id })).response).toMatchObject({ code: '404', subcode: '4702' });
      expect((await admin(['publish', item.id, '--by', '王敏'])).code).toBe(0);
      expect((await client.call('/v1/content/tyd-notice-detail', { id: item.id })).response).toMatchObject({ code: '200', data: { title: '服务时间调整', html: '<p>春节期间客服时间调整。</p>\n' } });
      expect((await admin(['schedule', item.id, '--at', 'tomorrow'])).code).toBe(2);
      expect((await admin(['unpublish', 'a_doesnotexist00', '--by', '王敏']))).toMatchObject({ code: 1, stderr: expect.stringContaining('no content') });
      expect((await admin(['unpublish', item.id, '--by', '李雷'])).code).toBe(0);
      expect((await client.call('/v1/content/tyd-notice-detail', { id: item.id })).response).toMatchObject({ code: '404', subcode: '4702' });
      const shown = JSON.parse((await admin(['show', item.id])).stdout) as { audit: { action: string; by: string }[] };
      expect(shown.audit.map((a) => `${a.action}:${a.by}`)).toEqual(['unpublish:李雷', 'publish:王敏', 'create:王敏']);
      expect((await admin(['create', 'poster', '--title', 'x', '--body', 'y'])).code).toBe(2);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
