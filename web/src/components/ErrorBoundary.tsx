/** Keeps a failure in one part of the page (e.g. no WebGL for the graph) from blanking the rest. */
import { Component, type ReactNode } from "react";

interface Props {
  what: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="boundary-error" role="alert">
          {this.props.what} failed: {this.state.error.message}
        </div>
      );
    }
    return this.props.children;
  }
}
