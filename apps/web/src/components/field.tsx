// Labelled text field: the label is bound to the input, an error is announced and tied to it by
// aria-describedby / aria-invalid (WCAG 3.3.1). `trailing` puts an action beside the input (e.g. the
// get-code button of an SMS code field); `note` goes under the error (e.g. whether a code was sent),
// and both describe the input, so a screen reader reads them when the input gets focus.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './field.css';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  trailing?: ReactNode;
  note?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Field({ label, error, trailing, note, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const describedBy = [error ? errorId : '', note ? noteId : ''].filter(Boolean).join(' ') || undefined;
  const inputEl = <input {...input} id={id} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} />;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {trailing ? (
        <div className="field__row">
          {inputEl}
          {trailing}
        </div>
      ) : (
        inputEl
      )}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {note ? <div id={noteId}>{note}</div> : null}
    </div>
  );
}
