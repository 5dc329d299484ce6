// The optional 邀请码 of a new user on /login (docs/api.md "Invitations"): the share text says
// 我的邀请码 X，注册时填写, so a person who got the code by word of mouth types it here; one who came by an
// invite link finds it filled in and locked (SPEC §2 query parameters; the link's code is the one sent).
// Collapsed behind 填写邀请码 until asked for: most people have none, and the form stays short. The code is
// read as the protocol reads it (readInviteCode: case, spaces and hyphens ignored, O as 0, I and L as 1).
import { useState, type RefObject } from 'react';
import { INVITE_CODE_LENGTH } from '@tyd/protocol/wire';
import { Field } from '../../../components/field';

export interface InviteCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The code came with the invite link: shown, not editable. */
  locked: boolean;
  error?: string;
  /** The input, for the form to move focus to it (an error) and for the field to focus when opened. */
  inputRef: RefObject<HTMLInputElement | null>;
}

/** Room for a code typed with its separators (7K3M-9QXR, 7K3M 9QXR). */
const MAX_TYPED = INVITE_CODE_LENGTH + 4;

export function InviteCodeField({ value, onChange, locked, error, inputRef }: InviteCodeFieldProps) {
  const [open, setOpen] = useState(false);
  if (!open && !locked && !value && !error) {
    return (
      <button
        type="button"
        className="btn btn--text login__invite-toggle"
        aria-expanded="false"
        onClick={() => {
          setOpen(true);
          // Focus once the field is there: the person asked for it to type in.
          requestAnimationFrame(() => inputRef.current?.focus());
        }}
      >
        有邀请码？填写邀请码
      </button>
    );
  }
  return (
    <Field
      ref={inputRef}
      label={locked ? '邀请码' : '邀请码（选填）'}
      value={value}
      readOnly={locked}
      onChange={(event) => onChange(event.target.value.slice(0, MAX_TYPED))}
      placeholder={`${INVITE_CODE_LENGTH}位字母或数字`}
      autoComplete="off"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      error={error}
      note={<p className="login__invite">{locked ? '来自好友的邀请链接，新用户注册时自动填写' : '仅新用户注册时使用，已注册的账号不受影响'}</p>}
    />
  );
}
