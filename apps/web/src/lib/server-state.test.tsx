import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from './session';
import { invalidateQuery, useMutation, useQuery, type QueryKey } from './server-state';

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

function Who({ fetcher, queryKey = 'who' }: { fetcher: (signal: AbortSignal) => Promise<string>; queryKey?: QueryKey }) {
  const query = useQuery(queryKey, fetcher);
  return <p data-testid="who">{`${query.status}:${query.data ?? ''}`}</p>;
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

describe('answers belong to the session that fetched them', () => {
  afterEach(() => clearSession());

  it('a new session never sees the previous session’s answer: the cache is dropped and the query asks again', async () => {
    startSession({ accessToken: 'token-a', phone: '13800000001' });
    const fetcher = vi.fn(async () => (fetcher.mock.calls.length === 1 ? 'user A' : 'user B'));
    render(<Who fetcher={fetcher} />);
    await vi.waitFor(() => expect(screen.getByTestId('who').textContent).toBe('success:user A'));
    act(() => clearSession());
    act(() => startSession({ accessToken: 'token-b', phone: '13800000002' }));
    expect(screen.getByTestId('who').textContent).not.toContain('user A');
    await vi.waitFor(() => expect(screen.getByTestId('who').textContent).toBe('success:user B'));
    expect(fetcher.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('a fetch started under the old session is aborted and its late answer never lands', async () => {
    startSession({ accessToken: 'token-a', phone: '13800000001' });
    let answerA!: (value: string) => void;
    let signalA!: AbortSignal;
    const fetcher = vi.fn((signal: AbortSignal) => {
      if (fetcher.mock.calls.length === 1) {
        signalA = signal;
        return new Promise<string>((resolve) => (answerA = resolve));
      }
      return Promise.resolve('user B');
    });
    render(<Who fetcher={fetcher} queryKey={['who', 1]} />);
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    act(() => startSession({ accessToken: 'token-b', phone: '13800000002' }));
    expect(signalA.aborted).toBe(true);
    await vi.waitFor(() => expect(screen.getByTestId('who').textContent).toBe('success:user B'));
    await act(async () => answerA('user A'));
    expect(screen.getByTestId('who').textContent).toBe('success:user B');
  });

  it('a change that keeps the token (a saved phone) keeps the cache', async () => {
    startSession({ accessToken: 'token-a', phone: '13800000001' });
    const fetcher = vi.fn(async () => 'user A');
    render(<Who fetcher={fetcher} queryKey="who-same" />);
    await vi.waitFor(() => expect(screen.getByTestId('who').textContent).toBe('success:user A'));
    act(() => startSession({ accessToken: 'token-a', phone: '13800000009' }));
    expect(screen.getByTestId('who').textContent).toBe('success:user A');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('keys take parameters: each set of parameters is its own answer', async () => {
    const fetcher = vi.fn(async () => `n${fetcher.mock.calls.length}`);
    const { rerender } = render(<Who fetcher={fetcher} queryKey={['item', 1]} />);
    await vi.waitFor(() => expect(screen.getByTestId('who').textContent).toBe('success:n1'));
    rerender(<Who fetcher={fetcher} queryKey={['item', 2]} />);
    await vi.waitFor(() => expect(screen.getByTestId('who').textContent).toBe('success:n2'));
  });

  it('a fresh answer is reused by the next page; a stale one is shown while it is refreshed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetcher = vi.fn(async () => `v${fetcher.mock.calls.length}`);
    const first = render(<Who fetcher={fetcher} queryKey="stale" />);
    await vi.waitFor(() => expect(screen.getByTestId('who').textContent).toBe('success:v1'));
    first.unmount();
    render(<Who fetcher={fetcher} queryKey="stale" />);
    expect(screen.getByTestId('who').textContent).toBe('success:v1');
    expect(fetcher).toHaveBeenCalledTimes(1);
    cleanup();
    vi.setSystemTime(Date.now() + 31_000);
    render(<Who fetcher={fetcher} queryKey="stale" />);
    expect(screen.getByTestId('who').textContent).toBe('success:v1');
    await vi.waitFor(() => expect(screen.getByTestId('who').textContent).toBe('success:v2'));
    vi.useRealTimers();
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
