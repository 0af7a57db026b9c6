import { useId, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

/**
 * A button the user's role may not use (ADR 024): shown disabled, with the reason as its
 * description (read by screen readers) and as a tooltip on hover or focus. It is aria-disabled
 * rather than disabled, so it stays focusable and the tooltip can open from the keyboard. A tap or
 * click opens the tooltip too: a phone has no hover, and a press is how a user asks "why not?".
 */
export function DisabledWithReason({ reason, children, variant = 'outline', ...props }: { reason: string; children: ReactNode } & ButtonProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <Tooltip open={open} onOpenChange={setOpen}>
      <TooltipTrigger asChild>
        <Button
          type="button"
          variant={variant}
          aria-disabled="true"
          aria-describedby={id}
          className="cursor-not-allowed opacity-50 hover:bg-background"
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
          {...props}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <span id={id} className="sr-only" data-testid="disabled-reason">
        {reason}
      </span>
      <TooltipContent className="max-w-xs">{reason}</TooltipContent>
    </Tooltip>
  );
}
