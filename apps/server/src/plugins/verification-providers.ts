// The verification providers (docs/sandbox.md): OCR, face and bank card, each `sandbox` (never in
// production: config/verification.ts refuses it) or `http` (Tencent Cloud API 3.0 style, TC3-HMAC-SHA256). With the
// sandbox face provider, POST /sandbox/face/complete?session=... finishes a face session, for loopback
// clients and holders of the admin token only (http/sandbox-access.ts); with `http` that route does not exist.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { NodeEnv, VerificationConfig } from '../config/index.js';
import { sandboxAccess } from '../http/sandbox-access.js';
import type { BankCardProvider } from '../providers/bank-card/bank-card-provider.js';
import { createHttpBankCardProvider } from '../providers/bank-card/http-bank-card-provider.js';
import { createSandboxBankCardProvider } from '../providers/bank-card/sandbox-bank-card-provider.js';
import type { FaceProvider } from '../providers/face/face-provider.js';
import { createHttpFaceProvider } from '../providers/face/http-face-provider.js';
import { createSandboxFaceProvider } from '../providers/face/sandbox-face-provider.js';
import { createHttpOcrProvider } from '../providers/ocr/http-ocr-provider.js';
import type { OcrProvider } from '../providers/ocr/ocr-provider.js';
import { createSandboxOcrProvider } from '../providers/ocr/sandbox-ocr-provider.js';
import { createTencentCloudClient } from '../providers/tencent-cloud/tencent-cloud-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    ocrProvider: OcrProvider;
    faceProvider: FaceProvider;
    bankCardProvider: BankCardProvider;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { env: NodeEnv; verification: VerificationConfig }) => {
    const { ocr, face, bankCard } = opts.verification;
    const sandboxes = [ocr, face, bankCard].filter((choice) => choice.mode === 'sandbox');
    if (opts.env === 'production' && sandboxes.length > 0) throw new Error('sandbox verification providers are refused in production');

    const { provider } = fastify.instruments;
    fastify.decorate(
      'ocrProvider',
      provider(
        'ocr',
        ocr.mode === 'http' ? createHttpOcrProvider(createTencentCloudClient(ocr.http)) : createSandboxOcrProvider({ now: () => fastify.clock() }),
      ),
    );
    fastify.decorate(
      'bankCardProvider',
      provider('bank_card', bankCard.mode === 'http' ? createHttpBankCardProvider(createTencentCloudClient(bankCard.http)) : createSandboxBankCardProvider()),
    );
    if (face.mode === 'http') {
      if (!face.ruleId) throw new Error('FACE_PROVIDER=http needs FACE_HTTP_RULE_ID');
      fastify.decorate('faceProvider', provider('face', createHttpFaceProvider(createTencentCloudClient(face.http), face.ruleId)));
      return;
    }
    const sandboxFace = createSandboxFaceProvider({ now: () => fastify.clock() });
    fastify.decorate('faceProvider', provider('face', sandboxFace));
    fastify.post<{ Querystring: { session?: string } }>('/sandbox/face/complete', { onRequest: sandboxAccess() }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const returnUrl = typeof request.query.session === 'string' ? sandboxFace.complete(request.query.session) : undefined;
      if (returnUrl === undefined) return reply.code(404).send({ error: 'no live sandbox face session with this id' });
      return { provider: 'sandbox', completed: true, returnUrl };
    });
  },
  { name: 'verification-providers', fastify: '5.x', dependencies: ['clock', 'instruments'] },
);
