import { useId, useRef } from 'react';
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/format';

/**
 * A one-time link (an invite, a password reset), shown once: the server keeps only its hash, so
 * closing the dialog loses it. The admin copies it and passes it on.
 */
export function OneTimeLinkDialog({
  link,
  title,
  description,
  onClose,
}: {
  link: { url: string; expiresAt: string } | null;
  title: string;
  description: string;
  onClose: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      toast({ title: 'Link copied', description: 'Paste it into a message to the person it is for.' });
    } catch {
      // No clipboard (an insecure origin, a refusal): select the text so the user can copy it.
      input.current?.select();
      toast({ title: 'Copy the selected link', description: 'Your browser did not allow copying; press Ctrl+C or Cmd+C.' });
    }
  };

  return (
    <Dialog
      open={link !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      footer={
        <Button type="button" variant="outline" onClick={onClose}>
          Done
        </Button>
      }
    >
      {link && (
        <div className="grid gap-2">
          <Label htmlFor={id}>One-time link</Label>
          <div className="flex gap-2">
            <Input id={id} ref={input} readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} data-testid="one-time-link" />
            <Button type="button" onClick={() => void copy()}>
              <Copy aria-hidden /> Copy
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            Shown only now. It works once and expires {formatDateTime(link.expiresAt)}.
          </p>
        </div>
      )}
    </Dialog>
  );
}
