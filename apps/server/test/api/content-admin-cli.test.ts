// `npm run admin -- content …` (docs/operations.md "Content") in-process (runAdmin) against the test app's
// database: what it creates, edits, stores, publishes and schedules is what the running server answers,
// and every change is audited. SQLite only: content.test.ts runs publishing on both engines.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOutcome } from '../support/admin-command.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { SQLITE_ONLY } from '../support/test-databases.js';
import { tydNoticeDetail, newInformationInfo } from '@tyd/protocol';

const HOUR_MS = 3_600_000;
const PHOTO = fileURLToPath(new URL('../fixtures/photo-32x24.jpg', import.meta.url));

describe.each(SQLITE_ONLY)('admin content command on %s', (engine) => {
  let t: TestApp;
  // The command reads the real clock; the server's follows it, moved on when a test wants a later time.
  let shift = 0;
  const clock = () => Date.now() + shift;
  beforeAll(async () => {
    t = await startTestApp({ engine, clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  const admin = (args: string[]) => adminOutcome(t, ['content', ...args]);

  it('creates, previews, publishes and unpublishes, with the audit', async () => {
    const preview = await admin(['preview', '--body', '**重要** <script>alert(1)</script> [x](javascript:alert(1))']);
    expect(preview).toMatchObject({ code: 0, stdout: '<p><strong>重要</strong> &lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1))</p>\n\n' });
    const created = await admin(['create', 'announcement', '--title', '服务时间调整', '--body', '春节期间客服时间调整。', '--by', '王敏']);
    expect(created.code, created.stderr).toBe(0);
    const item = JSON.parse(created.stdout) as { id: string; status: string };
    expect(item.status).toBe('draft');
    const client = await t.client();
    expect((await client.call(tydNoticeDetail, { id: item.id })).response).toMatchObject({ code: '404', subcode: '4702' });
    expect((await admin(['publish', item.id, '--by', '王敏'])).code).toBe(0);
    expect((await client.call(tydNoticeDetail, { id: item.id })).response).toMatchObject({
      code: '200',
      data: { title: '服务时间调整', html: '<p>春节期间客服时间调整。</p>\n' },
    });
    expect((await admin(['schedule', item.id, '--at', 'tomorrow'])).code).toBe(2);
    expect(await admin(['unpublish', 'a_doesnotexist00', '--by', '王敏'])).toMatchObject({ code: 1, stderr: expect.stringContaining('没有内容') });
    expect((await admin(['unpublish', item.id, '--by', '李雷'])).code).toBe(0);
    expect((await client.call(tydNoticeDetail, { id: item.id })).response).toMatchObject({ code: '404', subcode: '4702' });
    const shown = JSON.parse((await admin(['show', item.id])).stdout) as { audit: { action: string; by: string }[] };
    expect(shown.audit.map((a) => `${a.action}:${a.by}`)).toEqual(['unpublish:李雷', 'publish:王敏', 'create:王敏']);
    expect((await admin(['create', 'poster', '--title', 'x', '--body', 'y'])).code).toBe(2);
  });

  it('stores an image, edits, lists and schedules; the scheduled item shows from its time on', async () => {
    const created = await admin(['create', 'article', '--title', '资讯草稿', '--body', '初稿', '--by', '王敏']);
    expect(created.code, created.stderr).toBe(0);
    const id = (JSON.parse(created.stdout) as { id: string }).id;
    const image = await admin(['image', PHOTO, '--by', '王敏']);
    expect(image.code, image.stderr).toBe(0);
    const { path } = JSON.parse(image.stdout) as { path: string };
    expect(path).toMatch(/^\/content-images\/i_[A-Za-z0-9_-]+$/);
    const served = await fetch(`${t.baseUrl}${path}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    // Not a JPEG or PNG (this test's own source): refused, nothing stored.
    expect(await admin(['image', fileURLToPath(import.meta.url), '--by', '王敏'])).toMatchObject({ code: 1, stderr: expect.stringContaining('image') });

    const edited = await admin(['edit', id, '--title', '资讯定稿', '--body', `定稿正文\n\n![示意图](${path})`, '--important', '--by', '李雷']);
    expect(edited.code, edited.stderr).toBe(0);
    expect(JSON.parse(edited.stdout)).toMatchObject({
      id,
      title: '资讯定稿',
      important: true,
      version: 2,
      status: 'draft',
      html: `<p>定稿正文</p>\n<p><img src="${path}" alt="示意图" loading="lazy" decoding="async"></p>\n`,
    });

    const at = Date.now() + HOUR_MS;
    const scheduled = await admin(['schedule', id, '--at', new Date(at).toISOString(), '--by', '王敏']);
    expect(scheduled.code, scheduled.stderr).toBe(0);
    expect(JSON.parse(scheduled.stdout)).toMatchObject({ id, status: 'scheduled', publishAt: at, version: 3 });
    const listed = await admin(['list', 'article']);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string });
    expect(rows.find((row) => row.id === id)).toEqual({
      id,
      kind: 'article',
      status: 'scheduled',
      title: '资讯定稿',
      important: true,
      publishAt: new Date(at).toISOString(),
      version: 3,
    });

    const client = await t.client();
    const read = async () => (await client.call(tydNoticeDetail, { id })).response;
    const listedToReaders = async () =>
      ((await client.call(newInformationInfo, { limit: 50 })).response?.data as { items: { id: string }[] }).items.some((item) => item.id === id);
    expect(await read()).toMatchObject({ code: '404', subcode: '4702' });
    expect(await listedToReaders()).toBe(false);
    shift = at - Date.now();
    expect(await read()).toMatchObject({ code: '200', data: { title: '资讯定稿', publishedAt: at } });
    expect(await listedToReaders()).toBe(true);
    const shown = JSON.parse((await admin(['show', id])).stdout) as { audit: { action: string; by: string }[] };
    expect(shown.audit.map((a) => `${a.action}:${a.by}`)).toEqual(['schedule:王敏', 'edit:李雷', 'create:王敏']);
  });
});
