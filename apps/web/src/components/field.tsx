// Labelled text field: the label is bound to the input, an error is announced and tied to it by
// aria-describedby / aria-invalid (WCAG 3.3.1).
import { useId, type InputHTMLAttributes } from 'react';
import './field.css';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
}

export function Field({ label, error, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input {...input} id={id} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
