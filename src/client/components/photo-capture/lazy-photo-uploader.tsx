import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import type { PhotoUploaderProps } from './photo-uploader';

/** Uppy (about 80 KB gzip with its styles) loads only when an upload widget is first shown. */
const loadUploader = () => import('./photo-uploader');
let PhotoUploader = lazy(loadUploader);

/** The upload widget, with a spinner while its code loads and a way out if that fails (offline). */
export function LazyPhotoUploader(props: PhotoUploaderProps) {
  return (
    <LoadFailure className={props.className}>
      <Suspense
        fallback={
          <div className={`flex items-center justify-center ${props.className ?? ''}`} role="status" aria-label="Loading the uploader">
            <Spinner />
          </div>
        }
      >
        <PhotoUploader {...props} />
      </Suspense>
    </LoadFailure>
  );
}

class LoadFailure extends Component<{ className?: string; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  retry = () => {
    // A failed dynamic import is cached by React.lazy: start a fresh one.
    PhotoUploader = lazy(loadUploader);
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className={`flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-6 text-center ${this.props.className ?? ''}`}>
        <p role="alert" className="text-sm text-destructive">
          The uploader could not be loaded: {this.state.error.message}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={this.retry}>
          Try again
        </Button>
      </div>
    );
  }
}
