// Shared UI, queried by role and text as a user meets it (STYLE.md "Tests").
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, openLoading, toast } from '../lib/notify';
import { Button } from './button';
import { Dialog } from './dialog';
import { Field } from './field';
import { LoadMore } from './load-more';
import { NoData } from './no-data';
import { lockScroll, ScrollLock } from './scroll-lock';
import { Tip } from './tip';
import { Toaster } from './toaster';

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.useRealTimers();
});

describe('no-data, load-more, tip (SPEC §2)', () => {
  it('no-data says 暂无记录 by default', () => {
    render(<NoData />);
    expect(screen.getByRole('status').textContent).toBe('暂无记录');
  });

  it('load-more offers 点我加载更多··· while more exists and 已全部加载 at the end', async () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(<LoadMore hasMore onLoadMore={onLoadMore} />);
    await userEvent.click(screen.getByRole('button', { name: '点我加载更多···' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMore hasMore loading onLoadMore={onLoadMore} />);
    await userEvent.click(screen.getByRole('button'));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMore hasMore={false} onLoadMore={onLoadMore} />);
    expect(screen.getByText('已全部加载')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tip is a note', () => {
    render(<Tip>请在浏览器中打开</Tip>);
    expect(screen.getByRole('note').textContent).toContain('请在浏览器中打开');
  });
});

describe('toaster', () => {
  it('announces a toast in a live region and hides it after a while', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => toast('网络超时，请稍后重试'));
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('网络超时，请稍后重试');
    act(() => vi.advanceTimersByTime(2_000));
    expect(region.textContent).toBe('');
  });

  it('shows the loading toast (default loading...) until the last caller closes it', () => {
    render(<Toaster />);
    let closeA!: () => void;
    let closeB!: () => void;
    act(() => {
      closeA = openLoading();
      closeB = openLoading();
    });
    expect(screen.getByText('loading...')).toBeTruthy();
    act(() => closeA());
    act(() => closeA());
    expect(screen.getByText('loading...')).toBeTruthy();
    act(() => closeB());
    expect(screen.queryByText('loading...')).toBeNull();
  });
});

describe('dialog', () => {
  function Harness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>打开</Button>
        <Dialog
          open={open}
          title="确认注销"
          onClose={() => setOpen(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                取消
              </Button>
              <Button onClick={() => setOpen(false)}>确定</Button>
            </>
          }
        >
          注销后无法恢复
        </Dialog>
      </>
    );
  }

  it('is a labelled modal dialog: focus moves in, Tab stays inside, Escape closes and focus returns', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: '打开' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: '确认注销' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement?.textContent).toBe('取消');
    expect(document.body.style.overflow).toBe('hidden');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('确定');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('取消');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });
});

describe('scroll lock', () => {
  it('locks while any holder remains and restores the position', () => {
    window.scrollTo(0, 300);
    const first = lockScroll();
    const { unmount } = render(<ScrollLock />);
    expect(document.body.style.position).toBe('fixed');
    expect(document.body.style.top).toBe('-300px');
    first();
    expect(document.body.style.position).toBe('fixed');
    unmount();
    expect(document.body.style.position).toBe('');
    expect(window.scrollY).toBe(300);
  });
});

describe('field and button', () => {
  it('binds the label and announces the error', () => {
    render(<Field label="手机号" error="请输入正确的手机号" />);
    const input = screen.getByLabelText('手机号');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByRole('alert');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('a busy button ignores taps and says so', async () => {
    const onClick = vi.fn();
    render(
      <Button busy onClick={onClick}>
        提交
      </Button>,
    );
    const button = screen.getByRole('button', { name: '提交' });
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
