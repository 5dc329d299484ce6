// The server's answers to a page's first calls, written into the page it sends with that page's first
// screen (docs/architecture.md "Server answers in the first screen"): where a page's largest paint is
// what an endpoint answers (the app's download addresses, the operators' new-user gift), the visitor sees
// it in the first paint instead of after the scripts and a round trip. Capabilities register a provider
// per web route (one endpoint each, its answer checked against the endpoint's schema as the pipeline
// checks it); the web-app plugin asks them (web-app.ts). Only answers that need no session: a provider
// receives what the first screen is for, never a request.
import { parseResponseData, type Endpoint, type EndpointResponseData } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What the first screen is rendered for (first-screen.ts `FirstScreen`). */
export interface AnswerContext {
  /** A browser without the session cookie: certainly no session. */
  sessionless: boolean;
  inApp: boolean;
}

/** Endpoint path -> its answer data, as the page would have received it. */
export type FirstAnswers = Record<string, unknown>;

export interface FirstAnswersRegistry {
  /** `answer` gives the endpoint's data for such a first screen, or undefined: that screen gets none. */
  provide<E extends Endpoint>(route: string, endpoint: E, answer: (context: AnswerContext) => Promise<EndpointResponseData<E> | undefined>): void;
  /** The answers for a route's first screen, or undefined when it has none for this context. */
  answersFor(route: string, context: AnswerContext): Promise<FirstAnswers | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    firstAnswers: FirstAnswersRegistry;
  }
}

export default fp(
  async (fastify: FastifyInstance) => {
    const providers = new Map<string, { endpoint: Endpoint; answer: (context: AnswerContext) => Promise<unknown> }>();
    fastify.decorate('firstAnswers', {
      provide(route, endpoint, answer) {
        if (providers.has(route)) throw new Error(`${route} already has a first answer`);
        providers.set(route, { endpoint, answer });
      },
      async answersFor(route, context) {
        const provider = providers.get(route);
        if (!provider) return undefined;
        const data = await provider.answer(context);
        if (data === undefined) return undefined;
        const checked = parseResponseData(provider.endpoint, data);
        if (!checked.ok) throw new Error(`${provider.endpoint.path} answered outside its schema: ${checked.issues.join(', ')}`);
        return { [provider.endpoint.path]: checked.data };
      },
    } satisfies FirstAnswersRegistry);
  },
  { name: 'first-answers', fastify: '5.x' },
);
