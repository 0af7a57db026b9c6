import { Droplet, Flame, Zap, type LucideProps } from 'lucide-react';
import type { MeterType } from '@shared/domain/meters';

const ICONS = { electricity: Zap, gas: Flame, water: Droplet } as const satisfies Record<MeterType, unknown>;

/** A decorative icon for the meter's type (the label always sits beside it). */
export function MeterTypeIcon({ type, ...props }: { type: MeterType } & LucideProps) {
  const Icon = ICONS[type];
  return <Icon aria-hidden {...props} />;
}
