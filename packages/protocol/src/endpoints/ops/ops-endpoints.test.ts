import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ProtocolTypeError } from '../../errors.js';
import { OPS_ACTION_TEXT } from '../../ops-audit.js';
import { OPS_PATH, opsUrl } from '../../ops-paths.js';
import * as schemas from '../../schemas.js';
import { defineOpsEndpoint, parseOpsResponseData, type OpsEndpoint } from '../define-endpoint.js';
import { opsContentCreate, opsContentList, opsContentUpdate, type ManagedContent } from './content-ops.js';
import { opsHelpAnswer, opsHelpQuestions } from './help-ops.js';
import { opsEnrolmentFinish, opsEnrolmentStart, opsOperatorsAdd, opsOperatorsReset } from './operators-ops.js';
import { opsRewardsReplaceGift, opsRewardsSummary } from './rewards-ops.js';

/** Every operators' call the schemas entry exports, found by shape, so a new one is checked without being listed here. */
function isOpsEndpoint(value: unknown): value is OpsEndpoint {
  const candidate = value as Partial<OpsEndpoint> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.method === 'string' &&
    typeof candidate.path === 'string' &&
    candidate.path.startsWith('/ops/')
  );
}
const opsEndpoints = Object.entries(schemas as Record<string, unknown>).flatMap(([name, value]) => (isOpsEndpoint(value) ? [[name, value] as const] : []));

/** A request as the server reads it: its problems as `field: rule`, or ok. */
function parseRequest(endpoint: OpsEndpoint, value: unknown): { ok: true } | { ok: false; issues: string[] } {
  const result = z.safeParse(endpoint.request, value);
  return result.success
    ? { ok: true }
    : { ok: false, issues: result.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.code}`) };
}

const item: ManagedContent = {
  id: 'r_abcdefgh',
  kind: 'article',
  title: '标题',
  summary: '摘要',
  important: false,
  status: 'draft',
  publishAt: null,
  version: 1,
  createdAt: 1,
  updatedAt: 1,
  body: '正文',
  html: '<p>正文</p>\n',
};

describe('defineOpsEndpoint', () => {
  const ok = { method: 'POST', path: '/ops/api/things/:id', request: z.strictObject({}), response: z.strictObject({}) } as const;

  it('refuses an unknown method, a path outside /ops/api, a request that is not a strict object', () => {
    expect(defineOpsEndpoint(ok)).toEqual(ok);
    expect(() => defineOpsEndpoint({ ...ok, method: 'DELETE' as 'GET' })).toThrow(/^method:/);
    for (const path of ['/ops/api', '/ops/api/', '/ops/api/x?y=1', '/ops/api/x/:name', '/tydApi/v1/user/x']) {
      expect(() => defineOpsEndpoint({ ...ok, path: path as '/ops/api/x' }), path).toThrow(ProtocolTypeError);
    }
    expect(() => defineOpsEndpoint({ ...ok, request: z.object({}) })).toThrow(/^request:/);
    expect(() => defineOpsEndpoint({ ...ok, request: z.looseObject({}) })).toThrow(/^request:/);
    expect(() => defineOpsEndpoint({ ...ok, response: {} as never })).toThrow(/^response:/);
    expect(() => parseOpsResponseData(undefined as never, {})).toThrow(/^endpoint:/);
  });
});

describe("the operators' calls", () => {
  it('are found (the filter above can see them) and take their paths from OPS_PATH, one call per method and path', () => {
    expect(opsEndpoints.length).toBe(40);
    const known = new Set<string>(Object.values(OPS_PATH));
    for (const [name, endpoint] of opsEndpoints) expect(known.has(endpoint.path), name).toBe(true);
    const routes = opsEndpoints.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    // Every address in the table is some call's.
    expect(new Set(opsEndpoints.map(([, endpoint]) => endpoint.path))).toEqual(known);
  });

  it('are each named in the audit log’s words when they change something (OPS_ACTION_TEXT)', () => {
    const changing = opsEndpoints.filter(([, endpoint]) => endpoint.method !== 'GET').map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(changing.filter((action) => OPS_ACTION_TEXT[action] === undefined)).toEqual([]);
  });

  it('refuse unknown fields, naming the field; `by` is optional (the audit names the signed-in operator)', () => {
    for (const [name, endpoint] of opsEndpoints) expect(parseRequest(endpoint, { surprise: 1 }).ok, name).toBe(false);
    expect(parseRequest(opsContentCreate, { kind: 'article', title: 't', body: 'b' }).ok).toBe(true);
    expect(parseRequest(opsContentCreate, { kind: 'poster', title: 't', body: 'b', by: '小王' })).toEqual({ ok: false, issues: ['kind: invalid_value'] });
    expect(parseRequest(opsContentUpdate, { by: '小王', version: 0 })).toEqual({ ok: false, issues: ['version: too_small'] });
    expect(parseRequest(opsContentList, {}).ok).toBe(true);
    expect(parseRequest(opsRewardsReplaceGift, { by: '小王', lines: [{ points: 10 }, { itemId: 'cup' }] }).ok).toBe(true);
    expect(parseRequest(opsRewardsReplaceGift, { by: '小王', lines: [{ points: 10, itemId: 'cup' }] }).ok).toBe(false);
  });

  it('take FAQ entries as content: a category and an order of their own', () => {
    const faq = { kind: 'faq', title: '如何还款？', body: '在借款详情页点击“还款”。', category: '还款', order: 2, by: '小王' };
    expect(parseRequest(opsContentCreate, faq).ok).toBe(true);
    expect(parseRequest(opsContentCreate, { ...faq, category: '' })).toEqual({ ok: false, issues: ['category: too_small'] });
    expect(parseRequest(opsContentCreate, { ...faq, category: '类'.repeat(21) })).toEqual({ ok: false, issues: ['category: too_big'] });
    expect(parseRequest(opsContentCreate, { ...faq, order: -1 })).toEqual({ ok: false, issues: ['order: too_small'] });
    expect(parseRequest(opsContentCreate, { ...faq, order: 1.5 })).toEqual({ ok: false, issues: ['order: invalid_type'] });
    expect(parseRequest(opsContentUpdate, { by: '小王', version: 3, category: '账户', order: 0 }).ok).toBe(true);
    expect(parseRequest(opsContentList, { kind: 'faq' }).ok).toBe(true);
    expect(parseOpsResponseData(opsContentCreate, { ...item, kind: 'faq', category: '还款', order: 2 }).ok).toBe(true);
  });

  it("answer users' questions as plain text, named by the operator; list them by status", () => {
    expect(parseRequest(opsHelpAnswer, { by: '小王', answer: '您好，已为您处理。' }).ok).toBe(true);
    expect(parseRequest(opsHelpAnswer, { by: '小王', answer: '' })).toEqual({ ok: false, issues: ['answer: too_small'] });
    expect(parseRequest(opsHelpAnswer, { answer: '好的' }).ok).toBe(true);
    for (const status of [undefined, 'open', 'answered', 'all']) expect(parseRequest(opsHelpQuestions, status ? { status } : {}).ok, status).toBe(true);
    expect(parseRequest(opsHelpQuestions, { status: 'closed' }).ok).toBe(false);
    const question = {
      id: 'q_0123456789abcdef',
      phone: '138****5678',
      text: '问题',
      status: 'open',
      createdAt: 1,
      answer: null,
      answeredBy: null,
      answeredAt: null,
    };
    expect(parseOpsResponseData(opsHelpQuestions, { items: [question] }).ok).toBe(true);
    // Never a whole phone number in an operator's list (SPEC §3: 3+4+4 masked).
    expect(parseOpsResponseData(opsHelpQuestions, { items: [{ ...question, phone: '13812345678' }] }).ok).toBe(false);
  });

  it('describe answers strictly: an extra or missing field is outside the schema', () => {
    expect(parseOpsResponseData(opsContentList, { items: [item], audit: [] })).toEqual({ ok: true, data: { items: [item], audit: [] } });
    expect(parseOpsResponseData(opsContentCreate, { ...item, token: 'x' }).ok).toBe(false);
    const { html: _html, ...withoutHtml } = item;
    expect(parseOpsResponseData(opsContentCreate, withoutHtml)).toEqual({ ok: false, issues: ['html: invalid_type'] });
    const summary = { prizes: [], items: [], batches: [], gift: [{ points: 5, itemId: null }], changes: [] };
    expect(parseOpsResponseData(opsRewardsSummary, summary).ok).toBe(true);
    expect(parseOpsResponseData(opsRewardsSummary, { ...summary, gift: [{ points: 5, itemId: 'cup' }] }).ok).toBe(false);
  });
});

describe('enrolment', () => {
  const token = 'A'.repeat(42) + '_';
  const operator = { id: 'op_1', name: 'alice', role: 'administrator', createdAt: 1, createdBy: 'admin-command', disabledAt: null, enrolledAt: null };

  it('adds an operator by name and role only: a password for someone else is outside the call', () => {
    expect(parseRequest(opsOperatorsAdd, { name: 'alice', role: 'viewer' }).ok).toBe(true);
    expect(parseRequest(opsOperatorsAdd, { name: 'alice', role: 'viewer', password: 'a long password here' })).toEqual({
      ok: false,
      issues: ['(root): unrecognized_keys'],
    });
  });

  it('answers adding and resetting with the link only, never a password or a TOTP secret', () => {
    const link = { operator, enrolmentUrl: `https://ops.example.com/ops/enrol#${token}`, enrolmentExpiresAt: 2 };
    for (const endpoint of [opsOperatorsAdd, opsOperatorsReset]) {
      expect(parseOpsResponseData(endpoint, link).ok).toBe(true);
      expect(parseOpsResponseData(endpoint, { ...link, password: 'x' }).ok).toBe(false);
      expect(parseOpsResponseData(endpoint, { ...link, totpSecret: 'JBSWY3DPEHPK3PXP' }).ok).toBe(false);
    }
  });

  it('takes a 256-bit base64url token, a password and a 6-digit code', () => {
    expect(parseRequest(opsEnrolmentStart, { token }).ok).toBe(true);
    for (const bad of [token.slice(1), `${token}A`, `${token.slice(1)}=`, `${token.slice(1)}+`])
      expect(parseRequest(opsEnrolmentStart, { token: bad }), bad).toEqual({ ok: false, issues: ['token: invalid_format'] });
    expect(parseRequest(opsEnrolmentFinish, { token, password: '春眠不觉晓，处处闻啼鸟。', code: '012345' }).ok).toBe(true);
    expect(parseRequest(opsEnrolmentFinish, { token, password: '春眠不觉晓，处处闻啼鸟。', code: '12345' })).toEqual({
      ok: false,
      issues: ['code: invalid_format'],
    });
    expect(parseRequest(opsEnrolmentFinish, { token, code: '012345' })).toEqual({ ok: false, issues: ['password: invalid_type'] });
  });
});

describe('opsUrl', () => {
  it('fills in the id as one encoded path segment, and refuses a missing one', () => {
    expect(opsUrl(OPS_PATH.content)).toBe('/ops/api/content');
    expect(opsUrl(OPS_PATH.contentPublish, { id: 'r_abc' })).toBe('/ops/api/content/r_abc/publish');
    expect(opsUrl(OPS_PATH.rewardsItem, { id: 'a/b?c' })).toBe('/ops/api/rewards/items/a%2Fb%3Fc');
    expect(() => opsUrl(OPS_PATH.contentItem)).toThrow(ProtocolTypeError);
  });
});
