// The router's hooks while the build prerenders and while the page hydrates (lib/hydration.ts): the
// location without the query the build could not know, then the address as it is.
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { createRouter } from './router';
import { RouterContext, useLocation, useSearchParams } from './router-react';
import { cleanup, render, screen } from '@testing-library/react';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location?.fullPath ?? ''}|${useSearchParams().get('channel') ?? ''}`}</p>;
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

it('renders the route without its query as the build does (and so while hydrating), then with it', async () => {
  window.history.replaceState(null, '', '/nfc?channel=share#top');
  const router = createRouter();
  await router.start();
  const app = (
    <RouterContext value={router}>
      <Where />
    </RouterContext>
  );
  expect(renderToString(app)).toBe('<p data-testid="where">/nfc|</p>');
  render(app);
  expect(screen.getByTestId('where').textContent).toBe('/nfc?channel=share#top|share');
  router.destroy();
});
