// Runs a spin schedule (utils/draw-spin.ts) on the 九宫格: the lit cell moves step by step, then the caller
// lands (shows the server's result). One run at a time; the timers go with the component.
import { useEffect, useRef, useState } from 'react';
import type { SpinStep } from '../utils/draw-spin';

/** The user asked the system for less motion (WCAG 2.3.3): read at the moment of the draw. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface RingSpin {
  /** The cell lit by a running spin, else null. */
  lit: number | null;
  spinning: boolean;
  /** True from the start of a run to its landing, already before the re-render that shows it. */
  isRunning(): boolean;
  /** Runs `steps`, then `onLanded`; no steps lands at once. Ignored while a run is going. */
  run(steps: readonly SpinStep[], onLanded: () => void): void;
}

export function useRingSpin(): RingSpin {
  const [lit, setLit] = useState<number | null>(null);
  const [spinning, setSpinning] = useState(false);
  const running = useRef(false);
  const [timers] = useState(() => new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.forEach(clearTimeout), [timers]);

  function run(steps: readonly SpinStep[], onLanded: () => void) {
    if (running.current) return;
    if (steps.length === 0) {
      onLanded();
      return;
    }
    running.current = true;
    setSpinning(true);
    steps.forEach((step, i) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (i < steps.length - 1) {
          setLit(step.index);
          return;
        }
        // The landing: the lit cell gives way to the result's own highlight in the same render.
        running.current = false;
        setLit(null);
        setSpinning(false);
        onLanded();
      }, step.at);
      timers.add(timer);
    });
  }

  return { lit, spinning, isRunning: () => running.current, run };
}
