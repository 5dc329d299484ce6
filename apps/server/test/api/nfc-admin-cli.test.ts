// `npm run admin -- nfc …` (docs/operations.md "NFC antenna positions") in-process (runAdmin) against the test
// app's database: what an operator sets is what phone-brand-list and phone-type-list answer (SPEC §7,
// /nfc), and every change is kept with who and when. SQLite only: nothing here depends on the engine.
import { phoneBrandList, phoneTypeList, type Endpoint } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOutcome } from '../support/admin-command.js';
import type { EndpointPayload, PayloadArg } from '../support/api-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { SQLITE_ONLY } from '../support/test-databases.js';

describe.each(SQLITE_ONLY)('admin nfc command on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  const admin = (args: string[]) => adminOutcome(t, ['nfc', ...args]);
  const lines = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('lists the shipped table, sets, adds and deletes models with the audit, and the API follows', async () => {
    const client = await t.client();
    const api = async <E extends Endpoint>(endpoint: E, ...[payload]: PayloadArg<E>) =>
      (await client.call(endpoint, (payload ?? {}) as EndpointPayload<E>)).response!;

    // The shipped default, seeded by the migration.
    const listed = await admin(['list', 'samsung']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(lines(listed.stdout).map((r) => [r.modelId, r.position, r.foldableNote, r.updatedBy])).toEqual([
      ['galaxy-s', 'center', null, 'migration 2026-11-25-1100-nfc-antennas'],
      ['galaxy-z', 'center', '折叠屏：合上后贴在外屏一侧的背面中部', 'migration 2026-11-25-1100-nfc-antennas'],
      ['galaxy-a', 'center', null, 'migration 2026-11-25-1100-nfc-antennas'],
    ]);
    expect(await api(phoneBrandList)).toMatchObject({
      code: '200',
      data: { brands: expect.arrayContaining([{ id: 'samsung', name: '三星', usualPosition: 'center' }]) },
    });

    // Change a model: position, hint and the foldable note; the brand's usual position follows its models.
    for (const model of ['galaxy-s', 'galaxy-z', 'galaxy-a']) {
      const set = await admin(['set', 'samsung', model, '--position', 'upper', '--hint', '摄像头下方', '--by', '王敏']);
      expect(set.code, set.stderr).toBe(0);
    }
    expect((await admin(['set', 'samsung', 'galaxy-z', '--foldable', '展开时贴在左半边背面', '--by', '李雷'])).code).toBe(0);
    expect(await api(phoneTypeList, { brandId: 'samsung' })).toMatchObject({
      code: '200',
      data: {
        models: expect.arrayContaining([
          { id: 'galaxy-z', name: 'Galaxy Z 系列', position: 'upper', hint: '摄像头下方', hasNfc: true, foldableNote: '展开时贴在左半边背面' },
        ]),
      },
    });
    expect(await api(phoneBrandList)).toMatchObject({ data: { brands: expect.arrayContaining([{ id: 'samsung', name: '三星', usualPosition: 'upper' }]) } });

    // A new brand needs its name; its model a name and a position.
    expect(await admin(['set', 'nothing', 'phone-2', '--name', 'Phone (2)', '--position', 'lower', '--by', '王敏'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--brand-name'),
    });
    const added = await admin([
      'set',
      'nothing',
      'phone-2',
      '--brand-name',
      'Nothing',
      '--name',
      'Phone (2)',
      '--position',
      'lower',
      '--hint',
      '背面下部',
      '--by',
      '王敏',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const brands = (await api(phoneBrandList)).data as { brands: { id: string }[] };
    expect(brands.brands.at(-1)).toEqual({ id: 'nothing', name: 'Nothing', usualPosition: 'lower' });
    expect(await api(phoneTypeList, { brandId: 'nothing' })).toMatchObject({
      data: { models: [{ id: 'phone-2', position: 'lower', hasNfc: true, foldableNote: null }] },
    });

    // Deleting: one model, then the whole brand; the API no longer knows it.
    expect(JSON.parse((await admin(['delete', 'samsung', 'galaxy-a', '--by', '李雷'])).stdout)).toEqual({ deleted: 1, brand: 'samsung', model: 'galaxy-a' });
    expect(((await api(phoneTypeList, { brandId: 'samsung' })).data as { models: unknown[] }).models).toHaveLength(2);
    expect((await admin(['delete', 'nothing', '--by', '李雷'])).code).toBe(0);
    expect(await api(phoneTypeList, { brandId: 'nothing' })).toMatchObject({ code: '404' });
    expect(await admin(['delete', 'nothing', '--by', '李雷'])).toMatchObject({ code: 1, stderr: expect.stringContaining('no nothing') });

    // Who did what, and when.
    const history = lines((await admin(['history', 'samsung', 'galaxy-z'])).stdout);
    expect(history.map((h) => `${h.action as string}:${h.by as string}`)).toEqual(['set:migration 2026-11-25-1100-nfc-antennas', 'set:王敏', 'set:李雷']);
    expect(history[2]).toMatchObject({ change: { foldableNote: '展开时贴在左半边背面' }, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(lines((await admin(['history', 'samsung', 'galaxy-a'])).stdout).at(-1)).toMatchObject({
      action: 'delete',
      by: '李雷',
      change: { modelName: 'Galaxy A 系列' },
    });

    // Wrong usage exits 2 and changes nothing.
    for (const wrong of [
      ['set', 'samsung', 'galaxy-s', '--position', 'side', '--by', '王敏'],
      ['set', 'samsung', 'galaxy-s', '--position', 'upper'],
      ['set', 'Samsung', 'galaxy-s', '--position', 'upper', '--by', '王敏'],
      ['set', 'samsung', 'galaxy-s', '--by', '王敏'],
      ['delete', 'samsung'],
      ['move', 'samsung'],
    ])
      expect((await admin(wrong)).code, wrong.join(' ')).toBe(2);
    expect(lines((await admin(['list', 'samsung'])).stdout).find((r) => r.modelId === 'galaxy-s')).toMatchObject({ position: 'upper', updatedBy: '王敏' });
  });
});
