import { Component, type ReactNode } from 'react';
import type { ContainerName } from '@instalment/federation/pages';

interface Props {
  /** The remote whose page or widget is inside: a render error is told against it. */
  remote: ContainerName;
  fallback: (error: Error, reset: () => void) => ReactNode;
  children: ReactNode;
}

type RenderErrorListener = (remote: ContainerName, error: Error) => void;
const listeners = new Set<RenderErrorListener>();

/** Hears every error a remote's boundary catches while drawing (the shell's telemetry); the answer stops hearing. */
export function onRenderError(listener: RenderErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps a remote that throws while rendering inside its own box: the shell stays up. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error) {
    for (const listener of listeners) listener(this.props.remote, error);
  }

  reset = () => this.setState({ error: null });

  render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
