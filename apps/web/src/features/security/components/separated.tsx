// A device's and a sign-in's facts on one line, "浏览器 · 内网 · 127.0.*.*": each fact with its middle dot is
// one box, so the line breaks only between facts, never inside one (内⏎网) nor before a dot, which Chinese
// layout keeps off a line's start (W3C "Requirements for Chinese Text Layout", 行首行尾禁则). A fact wider
// than the line still wraps inside its box.
import { Fragment, type ReactNode } from 'react';

/** The server's own " · " in a device's name (model · system) splits it into facts too. */
export const facts = (text: string): string[] => text.split(' · ');

export function Separated({ parts }: { parts: readonly ReactNode[] }) {
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? ' ' : null}
      <span className="security__fact">
        {part}
        {i < parts.length - 1 ? ' ·' : null}
      </span>
    </Fragment>
  ));
}
