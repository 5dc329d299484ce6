// The React DOM behaviours the app relies on, on Preact (lib/react-dom-parity.ts, installed by test/setup.ts
// as by the entries): controlled fields show what was rendered, spellCheck={false} reaches the element.
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '../test/testing-library';

afterEach(cleanup);

function DigitsOnly() {
  const [value, setValue] = useState('');
  return <input aria-label="digits" value={value} maxLength={6} onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))} />;
}

/** Ticks the page was told of; none of them changes what it renders. */
const ticksSeen: boolean[] = [];

function NeverTicked() {
  return (
    <label>
      <input type="checkbox" checked={false} onChange={(event) => ticksSeen.push(event.target.checked)} />
      不可勾选
    </label>
  );
}

describe('controlled fields show what the page rendered', () => {
  it('a keystroke the page refuses does not stay in the field', async () => {
    const user = userEvent.setup();
    render(<DigitsOnly />);
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'digits' });
    await user.type(field, '1');
    await user.type(field, '.');
    expect(field.value).toBe('1');
    await user.type(field, 'a- 2345');
    // Room for all six digits: no refused character took a place under maxLength.
    expect(field.value).toBe('12345');
    await user.type(field, '6');
    expect(field.value).toBe('123456');
  });

  it('a tick the page refuses does not stay on the box', async () => {
    const user = userEvent.setup();
    render(<NeverTicked />);
    const box = screen.getByRole<HTMLInputElement>('checkbox');
    await user.click(box);
    expect(ticksSeen).toEqual([true]);
    expect(box.checked).toBe(false);
  });
});

describe('spellCheck={false}', () => {
  const field = <input aria-label="code" spellCheck={false} />;

  it('reaches the element', () => {
    render(field);
    expect(screen.getByRole('textbox', { name: 'code' }).getAttribute('spellcheck')).toBe('false');
  });

  it('is in the build-time prerender', () => {
    expect(renderToString(field)).toContain('spellcheck="false"');
  });
});
