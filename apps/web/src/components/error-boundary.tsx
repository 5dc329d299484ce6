// A page that throws while rendering shows `fallback` instead, and the rest of the app stays (the consumer
// app's 500 view, app/app.tsx; the console's message under its menu, console/console-app.tsx). Logged as
// `message` with the error (errors while rendering and in effects; event handlers report their own).
import { Component, type ReactNode } from 'react';

export class ErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode; message: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(this.props.message, error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
