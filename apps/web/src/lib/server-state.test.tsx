import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invalidateQuery, useMutation, useQuery } from './server-state';

afterEach(cleanup);

function Viewer({ id, fetcher }: { id: string; fetcher: (signal: AbortSignal) => Promise<string> }) {
  const query = useQuery('greeting', fetcher);
  return (
    <p data-testid={id}>
      {query.status}:{query.data ?? ''}
      <button onClick={query.refetch}>refetch-{id}</button>
    </p>
  );
}

describe('useQuery', () => {
  it('components showing the same key share one fetch and its answer', async () => {
    const fetcher = vi.fn(async () => 'hello');
    render(
      <>
        <Viewer id="a" fetcher={fetcher} />
        <Viewer id="b" fetcher={fetcher} />
      </>,
    );
    await vi.waitFor(() => expect(screen.getByTestId('a').textContent).toContain('success:hello'));
    expect(screen.getByTestId('b').textContent).toContain('success:hello');
    expect(fetcher).toHaveBeenCalledTimes(1);
    cleanup();
    invalidateQuery('greeting');
  });

  it('an error can be retried with refetch', async () => {
    const fetcher = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('back');
    render(<Viewer id="a" fetcher={fetcher} />);
    await vi.waitFor(() => expect(screen.getByTestId('a').textContent).toContain('error:'));
    await userEvent.click(screen.getByRole('button', { name: 'refetch-a' }));
    await vi.waitFor(() => expect(screen.getByTestId('a').textContent).toContain('success:back'));
    cleanup();
    invalidateQuery('greeting');
  });

  it('aborts the fetch when the last viewer unmounts before the answer', async () => {
    let signal!: AbortSignal;
    const fetcher = vi.fn((s: AbortSignal) => {
      signal = s;
      return new Promise<string>(() => {});
    });
    const { unmount } = render(<Viewer id="a" fetcher={fetcher} />);
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalled());
    unmount();
    expect(signal.aborted).toBe(true);
  });

  it('invalidating a shown query fetches it again', async () => {
    const fetcher = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    render(<Viewer id="a" fetcher={fetcher} />);
    await vi.waitFor(() => expect(screen.getByTestId('a').textContent).toContain('success:first'));
    act(() => invalidateQuery('greeting'));
    await vi.waitFor(() => expect(screen.getByTestId('a').textContent).toContain('success:second'));
    expect(fetcher).toHaveBeenCalledTimes(2);
    cleanup();
    invalidateQuery('greeting');
  });

  it('a null key fetches nothing', () => {
    const fetcher = vi.fn(async () => 'x');
    function Idle() {
      const query = useQuery(null, fetcher);
      return <p>{query.status}</p>;
    }
    render(<Idle />);
    expect(fetcher).not.toHaveBeenCalled();
  });
});

describe('useMutation', () => {
  it('reports loading, then success with the result, or error', async () => {
    let finish!: (value: string) => void;
    const action = vi.fn((name: string) => (name === 'bad' ? Promise.reject(new Error('no')) : new Promise<string>((resolve) => (finish = resolve))));
    function Form() {
      const mutation = useMutation(action);
      return (
        <>
          <p data-testid="state">{mutation.status}</p>
          <button onClick={() => void mutation.mutate('ok')}>ok</button>
          <button onClick={() => void mutation.mutate('bad')}>bad</button>
        </>
      );
    }
    render(<Form />);
    expect(screen.getByTestId('state').textContent).toBe('idle');
    await userEvent.click(screen.getByRole('button', { name: 'ok' }));
    expect(screen.getByTestId('state').textContent).toBe('loading');
    await act(async () => finish('done'));
    expect(screen.getByTestId('state').textContent).toBe('success');
    await userEvent.click(screen.getByRole('button', { name: 'bad' }));
    await vi.waitFor(() => expect(screen.getByTestId('state').textContent).toBe('error'));
  });
});
