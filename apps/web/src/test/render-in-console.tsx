// Test support for the /ops pages: a page rendered as the console shows it, behind the one sign-in that
// provides the operator (components/ops-sign-in.tsx), with the session answers of ops-session-answers.ts.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { OperatorSession } from '../components/ops-sign-in';

export function renderInConsole(page: ReactElement) {
  return render(<OperatorSession title="通盈达运营后台">{page}</OperatorSession>);
}
