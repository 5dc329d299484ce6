// Every error view (404, 500, offline) says where to get help: 联系客服 opens 帮助与客服 (/mine/help) with a
// page load of its own, so it works even when the app around the view has failed.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import NotFoundPage from '../pages/not-found-page';
import { NetworkError } from './network-error';
import { ServerError } from './server-error';

let router: Router | undefined;
afterEach(() => {
  cleanup();
  router?.destroy();
  router = undefined;
});

describe('error views', () => {
  it('404 links to help', async () => {
    window.history.replaceState(null, '', '/no-such-page');
    router = createRouter();
    await router.start();
    render(
      <RouterContext value={router}>
        <NotFoundPage />
      </RouterContext>,
    );
    expect(screen.getByRole('link', { name: '联系客服' }).getAttribute('href')).toBe('/mine/help');
  });

  it('500 and offline link to help without a router around them', () => {
    render(<ServerError onRetry={() => undefined} />);
    expect(screen.getByRole('link', { name: '联系客服' }).getAttribute('href')).toBe('/mine/help');
    cleanup();
    render(<NetworkError onRetry={() => undefined} />);
    expect(screen.getByRole('link', { name: '联系客服' }).getAttribute('href')).toBe('/mine/help');
  });
});
