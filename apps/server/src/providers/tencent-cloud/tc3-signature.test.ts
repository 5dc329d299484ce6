// TC3-HMAC-SHA256 against the worked example of Tencent Cloud's "签名方法 v3" documentation (CVM
// DescribeInstances, timestamp 1551113065, signed headers content-type;host, the documentation's masked
// SecretKey taken literally), then tampered: any changed input changes the signature.
import { describe, expect, it } from 'vitest';
import { tc3Signature } from './tc3-signature.js';

const example = {
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
  service: 'cvm',
  timestamp: 1551113065,
  headers: [
    ['content-type', 'application/json; charset=utf-8'],
    ['host', 'cvm.tencentcloudapi.com'],
  ] as const,
  body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
};

describe('TC3-HMAC-SHA256', () => {
  it('reproduces the documentation example', () => {
    const signed = tc3Signature(example);
    expect(signed.canonicalRequest.split('\n').at(-1)).toBe('35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064');
    expect(signed.stringToSign).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
    );
    expect(signed.signedHeaders).toBe('content-type;host');
    expect(signed.signature).toBe('2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c');
  });

  it('changes with every input', () => {
    const base = tc3Signature(example).signature;
    const variants = [
      { ...example, secretKey: `${example.secretKey}x` },
      { ...example, service: 'ocr' },
      { ...example, timestamp: example.timestamp + 86_400 },
      { ...example, body: example.body.replace('1', '2') },
      { ...example, headers: [example.headers[0], ['host', 'ocr.tencentcloudapi.com']] as const },
    ];
    for (const variant of variants) expect(tc3Signature(variant).signature).not.toBe(base);
  });
});
