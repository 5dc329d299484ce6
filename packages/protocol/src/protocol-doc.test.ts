// docs/protocol.md is what native teams build from: its worked example and code table must stay the
// committed vectors and the code table of this package, byte for byte.
import { describe, expect, it } from 'vitest';
import doc from '../../../docs/protocol.md?raw';
import envelopeJson from '../vectors/envelope.json' with { type: 'json' };
import signingJson from '../vectors/signing.json' with { type: 'json' };
import { fromBase64, fromBase64Url } from './base64.js';
import { CODE, CODE_TEXT, ERROR_TEXT, SUBCODE } from './codes.js';
import { APP_IDS, CLIENT_VERSION, COOKIE, HEADER, PROTOCOL_VERSION } from './constants.js';
import type { EnvelopeVectorFile, SigningVectorFile } from './vector-types.js';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const envelope = envelopeJson as unknown as EnvelopeVectorFile;
const signing = signingJson as unknown as SigningVectorFile;

describe('docs/protocol.md', () => {
  it('shows the worked example of vector 0 exactly', () => {
    const v = envelope.vectors[0]!;
    const s = signing.vectors[0]!;
    const server = envelope.servers[v.server]!;
    const sealed = v.requestSealedHex;
    const values = [
      server.publicKey,
      server.privateScalarHex,
      hex(fromBase64Url(server.publicKey)),
      v.ephemeralPrivateScalarHex,
      hex(fromBase64Url(v.ephemeralPublicKey)),
      v.sharedSecretHex,
      v.requestKeyHex,
      v.responseKeyHex,
      `\`\`\`\n${v.requestAad}\n\`\`\``,
      hex(new TextEncoder().encode(v.requestAad)),
      v.requestIvHex,
      sealed.slice(0, -32),
      sealed.slice(-32),
      `{"data":"${v.requestData}"}`,
      `(${fromBase64(v.requestData).length} bytes)`,
      s.secret,
      s.dataSha256Hex,
      `\`\`\`\n${s.canonical}\n\`\`\``,
      s.signature,
      v.response.plaintext,
      `\`\`\`\n${v.response.aad}\n\`\`\``,
      v.response.ivHex,
      v.response.sealedHex.slice(0, -32),
      v.response.sealedHex.slice(-32),
      `{"data":"${v.response.data}"}`,
    ];
    for (const value of values) expect(doc).toContain(value);
  });

  it('lists every code with its text, the client texts, headers and cookies', () => {
    for (const code of [...Object.values(CODE), ...Object.values(SUBCODE)]) {
      expect(doc).toMatch(new RegExp(`\\| \`${code}\` \\| \\w+ \\| ${CODE_TEXT[code]}`));
    }
    for (const text of Object.values(ERROR_TEXT)) expect(doc).toContain(`| ${text} |`);
    for (const name of Object.values(HEADER)) expect(doc).toContain(`\`${name}\``);
    for (const name of Object.values(COOKIE)) expect(doc).toContain(`\`${name}\``);
    for (const id of Object.values(APP_IDS)) expect(doc).toContain(`\`${id}\``);
    expect(doc).toContain(`protocol version, \`${PROTOCOL_VERSION}\``);
    expect(doc).toContain(`\`${CLIENT_VERSION}\``);
  });
});
