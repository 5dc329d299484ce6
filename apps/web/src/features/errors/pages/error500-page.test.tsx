import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import Error500Page, { safeReturnPath } from './error500-page';

let router: Router;
afterEach(() => {
  cleanup();
  router?.destroy();
});

describe('/error500', () => {
  it('retry goes back to the page named by `from`', async () => {
    window.history.replaceState(null, '', '/error500?from=%2Fdownload');
    router = createRouter();
    await router.start();
    render(
      <RouterContext value={router}>
        <Error500Page />
      </RouterContext>,
    );
    expect(document.title).toBe('500');
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await vi.waitFor(() => expect(router.current?.path).toBe('/download'));
  });

  it('accepts only same-origin paths as `from` (no open redirect)', () => {
    expect(safeReturnPath('/mine/signOff?x=1')).toBe('/mine/signOff?x=1');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
