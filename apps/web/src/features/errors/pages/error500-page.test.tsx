import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import Error500Page from './error500-page';

let router: Router;
afterEach(() => {
  cleanup();
  router?.destroy();
});

async function open500(address: string) {
  window.history.replaceState(null, '', address);
  router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <Error500Page />
    </RouterContext>,
  );
  expect(document.title).toBe('500');
}

describe('/error500', () => {
  it('retry goes back to the page named by `from`, replacing the 500 entry', async () => {
    await open500('/error500?from=%2Fdownload');
    const length = window.history.length;
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await vi.waitFor(() => expect(router.current?.path).toBe('/download'));
    expect(window.history.length).toBe(length);
  });

  it.each([
    '%2F%09%2Fevil.example',
    '%2F.%2F%2Fevil.example',
    '%2F%2Fevil.example',
    'https%3A%2F%2Fevil.example',
    '%2F%5Cevil.example',
    '%2F%0A%2Fevil.example',
  ])('never follows a hostile `from` (%s): retry goes home instead', async (from) => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await open500(`/error500?from=${from}`);
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await vi.waitFor(() => expect(router.current?.path).toBe('/'));
    expect(window.location.origin).toBe(new URL(document.baseURI).origin);
    expect(assign).not.toHaveBeenCalled();
    assign.mockRestore();
  });

  it('without `from`, retry returns to the previous page of the app, not to /error500', async () => {
    await open500('/nfc');
    await router.navigate('/error500');
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await vi.waitFor(() => expect(router.current?.path).toBe('/nfc'));
  });
});
