// Hostile content (docs/architecture.md "Content"): nothing an author writes may become script, an event
// attribute, a link to a script or data URL, or an image from elsewhere. Each case checks the rendered
// HTML with a strict allow-list of tags and attributes (test/support/safe-html.ts), so a new hole fails here.
import { describe, expect, it } from 'vitest';
import { expectSafe } from '../../../test/support/safe-html.js';
import { isAllowedLink, renderMarkdown, summarize } from './render-markdown.js';

const HOSTILE = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](&#x6A;&#x61;vascript:alert(1))',
  '[x](java&#x09;script:alert(1))',
  '[x](%6Aavascript:alert(1))',
  '[x](<javascript:alert(1)>)',
  '[x](java\\script:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](DATA:text/html,<script>alert(1)</script>)',
  '[x](vbscript:msgbox(1))',
  '[x](VbScRiPt:msgbox(1))',
  '[x](//evil.example/)',
  '[x](/\\evil.example/)',
  '[x]: javascript:alert(1)\n\n[y][x]',
  '<javascript:alert(1)>',
  '[x](/ok "a\\" onmouseover=\\"alert(1)")',
  '[x" onclick="alert(1)](/ok)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](https://tracker.example/pixel.png)',
  '![x" onerror="alert(1)](/content-images/abcdefgh1234)',
  '![x](/content-images/abcdefgh1234" onerror="alert(1))',
  '![x](/content-images/../../ops)',
  '![<img src=x onerror=alert(1)>](/content-images/abcdefgh1234)',
  '```html\n<script>alert(1)</script>\n```',
  '`<img src=x onerror=alert(1)>`',
  '```" onmouseover="alert(1)\nx\n```',
  '<!-- <script>alert(1)</script> -->',
  '<details open ontoggle=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<style>@import "javascript:alert(1)";</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
];

describe('renderMarkdown with hostile input', () => {
  it.each(HOSTILE)('keeps %j inert', (input) => {
    const html = renderMarkdown(input);
    expectSafe(html);
    expect(html).not.toMatch(/<(script|iframe|svg|math|style|meta|details|div)\b/i);
  });

  it('refuses every known script-bearing link form', () => {
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:x',
      ' javascript:x',
      'java\tscript:x',
      'java\nscript:x',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      'mailto:x@example.com',
      'relative/path',
      '',
    ]) {
      expect(isAllowedLink(url), JSON.stringify(url)).toBe(false);
    }
    for (const url of ['https://example.com/a?b=c', 'HTTP://example.com', '/discover/detail?id=r_123', '/', 'tel:4000000000', 'tel:+86-10-12345678'])
      expect(isAllowedLink(url), url).toBe(true);
    // tel: carries digits and hyphens only: nothing that could smuggle a parameter, a script or another scheme.
    for (const url of [
      'tel:',
      'tel:400;ext=javascript:alert(1)',
      'tel:400,1',
      'tel:+',
      'tel:4000000000?x',
      'tel:400%0a',
      'tel:javascript:alert(1)',
      'tel://evil.example',
    ])
      expect(isAllowedLink(url), url).toBe(false);
  });

  it('the harness itself fails on a script tag or an event attribute (the test can fail)', () => {
    expect(() => expectSafe('<p><script>alert(1)</script></p>')).toThrow();
    expect(() => expectSafe('<img src="/content-images/abcdefgh" onerror="alert(1)">')).toThrow();
    expect(() => expectSafe('<a href="javascript:alert(1)">x</a>')).toThrow();
  });
});

describe('renderMarkdown with ordinary articles', () => {
  it('renders headings, lists, emphasis, code and line breaks', () => {
    const html = renderMarkdown('## 小标题\n\n- 一\n- 二\n\n**重要** _提示_\n第二行\n\n`code`');
    expect(html).toContain('<h2>小标题</h2>');
    expect(html).toContain('<li>一</li>');
    expect(html).toContain('<strong>重要</strong>');
    expect(html).toContain('<br>');
    expectSafe(html);
  });

  it('marks external links and leaves our own paths alone', () => {
    expect(renderMarkdown('[官网](https://example.com/)')).toContain(
      '<a href="https://example.com/" rel="noopener noreferrer nofollow" target="_blank">官网</a>',
    );
    expect(renderMarkdown('[认证](/mine/identity)')).toContain('<a href="/mine/identity">认证</a>');
  });

  it('shows images from our storage and only the alt text of any other', () => {
    expect(renderMarkdown('![图](/content-images/i_abcdefgh12)')).toContain(
      '<img src="/content-images/i_abcdefgh12" alt="图" loading="lazy" decoding="async">',
    );
    expect(renderMarkdown('![外部图](https://example.com/a.png)')).toBe('<p>外部图</p>\n');
  });

  it("renders a tel: link so a tap dials the number (a notice's 客服电话)", () => {
    const html = renderMarkdown('客服电话：[400-000-0000](tel:4000000000)');
    expect(html).toBe('<p>客服电话：<a href="tel:4000000000">400-000-0000</a></p>\n');
    expectSafe(html);
  });

  it('summarises as plain text', () => {
    expect(summarize('# 标题\n\n正文 **加粗** [链接](/x)')).toBe('标题 正文 加粗 链接');
    expect(summarize('如有疑问请致电 [400-000-0000](tel:4000000000)\n工作日 9:00-18:00')).toBe('如有疑问请致电 400-000-0000 工作日 9:00-18:00');
    expect(summarize('字'.repeat(300))).toHaveLength(120);
  });
});
