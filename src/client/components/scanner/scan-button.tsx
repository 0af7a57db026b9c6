import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { ScanLine } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

/** The scanner and its decoder load only when Scan is first pressed (the initial JS budget). */
const ScanDialog = lazy(() => import('./scan-dialog'));

/** Opens the scanner; in the top bar and on the asset and location pages. */
export function ScanButton({
  label = 'Scan',
  variant = 'outline',
  size = 'sm',
  className,
  onOpen,
}: { label?: string; onOpen?: () => void } & Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const [open, setOpen] = useState(false);
  const openScanner = () => {
    onOpen?.();
    setOpen(true);
  };
  return (
    <>
      <Button type="button" variant={variant} size={size} className={className} onClick={openScanner}>
        <ScanLine aria-hidden /> {label}
      </Button>
      {open && (
        <LoadFailure onClose={() => setOpen(false)}>
          <Suspense fallback={null}>
            <ScanDialog open={open} onOpenChange={setOpen} />
          </Suspense>
        </LoadFailure>
      )}
    </>
  );
}

/** A chunk that cannot load (offline before it was ever fetched) closes the scanner instead of breaking the page. */
class LoadFailure extends Component<{ onClose: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    toast({ title: 'The scanner could not load', description: 'Check the connection and try again, or type the code in the search.', variant: 'destructive' });
    this.props.onClose();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
