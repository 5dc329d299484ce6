// The draw itself (docs/api.md "Points and the lucky draw"): the balance, the cost, the draws left today,
// the 九宫格 of prizes with one 抽奖 button in its middle that says why when it cannot be pressed, and the
// result shown calmly in place. Every press draws under a new idempotency key and a press whose answer was
// lost is resent under the same one (lib/keyed-presses.ts), so a bad connection never costs a second draw.
// The server decides the prize before anything moves: only its answer starts the highlight's short run
// around the ring (utils/draw-spin.ts), which lands on a cell holding that prize (utils/draw-grid.ts); the
// result, the balance and the draws left change on landing. A refusal moves nothing. A prize won is given
// its moment once it has landed: the won cell grows a little once (draw-grid.css; not under reduced motion or
// 关怀模式), and after that (WIN_PAUSE_MS, so the cell is seen before a dialog covers it; at once where
// nothing moves) a dialog names the prize and where it went, closed by one tap; 谢谢参与 stays in place. Without
// the points for a draw the panel says how points are earned here (components/earn-points.tsx).
import { CODE, SUBCODE, type ApiResponse } from '@tyd/protocol/wire';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { Card } from '../../../components/page';
import { Dialog } from '../../../components/dialog';
import { isCareMode } from '../../../lib/display-settings';
import { createKeyedPresses, useKeyedPress, type KeyedPresses } from '../../../lib/keyed-presses';
import { toast } from '../../../lib/notify';
import type { LuckyDrawInfo } from '../api/lucky-draw-info';
import { drawOnce, type DrawResult } from '../api/update-lucky-points';
import { drawCells, landingIndex } from '../utils/draw-grid';
import { spinSchedule } from '../utils/draw-spin';
import { DRAW_BLOCK_TEXT, drawBlock, type DrawBlock } from '../utils/rewards-texts';
import { DrawGrid } from './draw-grid';
import { EarnPoints } from './earn-points';
import { prefersReducedMotion, useRingSpin } from './use-ring-spin';

/** What the last answers changed, over the info they were answered for (a refetched info replaces it). */
interface Override {
  base: LuckyDrawInfo;
  balance?: number;
  drawsLeftToday?: number;
  open?: boolean;
}

/** How long the won cell has to itself (its growth takes 480 ms, draw-grid.css) before 恭喜中奖 opens. */
export const WIN_PAUSE_MS = 600;

export const UNRESOLVED_TEXT = '网络异常，未能确认抽奖结果。重新获取不会重复扣除积分。';

function blockDetail(block: DrawBlock, state: { cost: number; balance: number; dailyLimit: number }): string {
  if (block === 'insufficient') return `每次抽奖需要${state.cost}积分，还差${state.cost - state.balance}积分`;
  if (block === 'daily-limit') return `每天最多抽奖${state.dailyLimit}次，明天再来`;
  return '活动开放后即可参与';
}

function Result({ draw }: { draw: DrawResult }) {
  const won = draw.prize.kind === 'points' && draw.prize.points !== null;
  return (
    <div className={`draw-result draw-result--${won ? 'won' : 'thanks'}`}>
      <p className="draw-result__title">{won ? `抽中 ${draw.prize.name}` : '谢谢参与'}</p>
      <p className="draw-result__text">
        {won ? `${draw.prize.points}积分已计入您的账户` : '本次未中奖'}，当前积分 {draw.balance}
      </p>
      {draw.repeated ? <p className="draw-result__text">这是刚才那次抽奖的结果，未重复扣除积分</p> : null}
    </div>
  );
}

/** The won prize's moment (docs/api.md "Points and the lucky draw"): its name, where the points went, and the way to see them. */
function WinDialog({ draw, onClose }: { draw: DrawResult | null; onClose: () => void }) {
  return (
    <Dialog
      open={draw !== null}
      title="恭喜中奖"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            知道了
          </Button>
          <Link className="btn btn--primary" to="/activity/points">
            查看积分
          </Link>
        </>
      }
    >
      {draw ? (
        <div className="draw-win">
          <span className="draw-win__glyph" aria-hidden="true">
            积
          </span>
          <strong className="draw-win__prize">{draw.prize.name}</strong>
          <span>
            已计入您的账户，<span className="rewards__nowrap">当前积分 {draw.balance}</span>
          </span>
        </div>
      ) : null}
    </Dialog>
  );
}

/** `onDrawn`: a draw was made (history and info are stale); `onStale`: a refusal says the info shown is out of date. */
export function DrawPanel({ info, onDrawn, onStale }: { info: LuckyDrawInfo; onDrawn: () => void; onStale: () => void }) {
  const [presses] = useState<KeyedPresses<DrawResult>>(() => createKeyedPresses(drawOnce));
  const [override, setOverride] = useState<Override | null>(null);
  const [result, setResult] = useState<DrawResult | null>(null);
  const [won, setWon] = useState<DrawResult | null>(null);
  const winTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(winTimer.current), []);
  // A lost answer: the draw may have happened; 重新获取结果 resends it.
  const { busy, unresolved, press } = useKeyedPress(handleAnswer, { onLost: () => setResult(null) });
  const spin = useRingSpin();
  const reasonId = useId();
  const cells = useMemo(() => drawCells(info.prizes), [info.prizes]);
  // The shown result's cell, found again on every render (the same draw id always gives the same cell).
  const landed = result && !spin.spinning ? landingIndex(cells, result.prize.id, result.drawId) : null;
  const working = busy || spin.spinning;

  const current = override?.base === info ? override : undefined;
  const state = {
    open: current?.open ?? info.open,
    balance: current?.balance ?? info.balance,
    drawsLeftToday: current?.drawsLeftToday ?? info.drawsLeftToday,
    cost: info.cost,
    dailyLimit: info.dailyLimit,
  };
  const block = unresolved ? null : drawBlock(state);

  function handleAnswer(answer: ApiResponse<DrawResult>) {
    // A newer answer: the last win's dialog, if still to come, would now be about the wrong draw.
    clearTimeout(winTimer.current);
    if (answer.code === CODE.OK && answer.data) {
      const draw = answer.data;
      const from = result ? landingIndex(cells, result.prize.id, result.drawId) : null;
      const to = landingIndex(cells, draw.prize.id, draw.drawId);
      setResult(null);
      const land = () => {
        setResult(draw);
        if (draw.prize.kind === 'points' && draw.prize.points !== null) {
          if (prefersReducedMotion() || isCareMode()) setWon(draw);
          else winTimer.current = setTimeout(() => setWon(draw), WIN_PAUSE_MS);
        }
        setOverride({ base: info, balance: draw.balance, drawsLeftToday: draw.drawsLeftToday });
        onDrawn();
      };
      // A prize on no cell (docs/api.md: more than eight prizes, or a list changed meanwhile) is shown
      // without a run rather than landing on a cell that is not what the server drew.
      if (to === null) land();
      else spin.run(spinSchedule(from, to, { reducedMotion: prefersReducedMotion() }), land);
      return;
    }
    // 4801–4803: the button turns disabled and the line under it says why (no toast on top of it).
    setResult(null);
    const data = (answer.data ?? {}) as { balance?: unknown };
    if (answer.subcode === SUBCODE.POINTS_INSUFFICIENT) {
      // The server's balance, which may be below the page's (points expired meanwhile).
      setOverride({ base: info, balance: typeof data.balance === 'number' ? data.balance : 0 });
      onStale();
    } else if (answer.subcode === SUBCODE.DRAW_DAILY_LIMIT) {
      setOverride({ base: info, drawsLeftToday: 0 });
      onStale();
    } else if (answer.subcode === SUBCODE.DRAW_CLOSED) {
      setOverride({ base: info, open: false });
      onStale();
    } else if (answer.code !== CODE.SILENT && answer.code !== CODE.UNAUTHORIZED) {
      // SPEC §8: any other code is a failure toast with submsg, else msg (401 goes to login by itself).
      toast(answer.submsg || answer.msg, 'fail');
    }
  }

  return (
    <Card label="抽奖">
      <div className="draw__balance">
        <span>
          <span className="draw__label">我的积分</span>
          <strong className="draw__points">{state.balance}</strong>
        </span>
        <Link className="draw__ledger" to="/activity/points">
          积分明细
        </Link>
      </div>
      <dl className="draw__facts">
        <div>
          <dt>每次消耗</dt>
          <dd>{state.cost}积分</dd>
        </div>
        <div>
          <dt>今日剩余</dt>
          <dd>
            {Math.max(0, state.drawsLeftToday)}/{state.dailyLimit}次
          </dd>
        </div>
      </dl>
      <DrawGrid cells={cells} lit={spin.lit} landed={landed} won={landed !== null && result?.prize.kind === 'points'}>
        <Button
          className={`draw-grid__go${working || unresolved ? ' draw-grid__go--long' : ''}`}
          busy={working}
          disabled={block !== null}
          aria-describedby={block ? reasonId : undefined}
          onClick={() => {
            // One draw per press: nothing while the last one's answer is awaited or still landing.
            if (!spin.isRunning()) void press(presses);
          }}
        >
          {working ? (
            '抽奖中…'
          ) : unresolved ? (
            '重新获取结果'
          ) : (
            <>
              抽奖
              <small className="draw-grid__cost" aria-hidden="true">
                <span className="draw-grid__word">{state.cost}积分</span>
                <span className="draw-grid__word">/次</span>
              </small>
            </>
          )}
        </Button>
      </DrawGrid>
      {/* Announced (role status, polite): 正在抽奖 while the answer is awaited and the ring runs, then the result. */}
      <div className="draw__outcome" role="status">
        {block ? (
          <p className="draw__reason" id={reasonId}>
            <strong>{DRAW_BLOCK_TEXT[block]}</strong>：{blockDetail(block, state)}
          </p>
        ) : null}
        {working ? (
          <p className="draw__pending">正在抽奖，请稍候…</p>
        ) : unresolved ? (
          <p className="draw__alert" role="alert">
            {UNRESOLVED_TEXT}
          </p>
        ) : result ? (
          <Result key={result.drawId} draw={result} />
        ) : null}
      </div>
      {block === 'insufficient' ? <EarnPoints /> : null}
      <WinDialog draw={won} onClose={() => setWon(null)} />
    </Card>
  );
}
