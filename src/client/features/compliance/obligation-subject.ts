import type { Regime } from '@shared/contract/compliance';
import { ASSET_TYPE_LABELS, type AssetType } from '@shared/domain/assets';
import { LOCATION_TYPE_LABELS, type LocationType } from '@shared/domain/locations';

/** What obligations are put on: an asset (a boiler's gas safety) or a location (a building's EICR). */
export type ObligationSubject = { kind: 'asset'; id: string; name: string; type: AssetType } | { kind: 'location'; id: string; name: string; type: LocationType };

/** The regime usually applies to this kind of asset or level of location (a suggestion, never a rule). */
export function usuallyApplies(regime: Regime, subject: ObligationSubject): boolean {
  return subject.kind === 'asset' ? regime.appliesTo.assetTypes.includes(subject.type) : regime.appliesTo.locationTypes.includes(subject.type);
}

/** "Boiler", "Building": the subject's type as the regime picker names it. */
export function subjectTypeLabel(subject: ObligationSubject): string {
  return subject.kind === 'asset' ? ASSET_TYPE_LABELS[subject.type] : LOCATION_TYPE_LABELS[subject.type];
}

/** The subject as a body field of POST /api/obligations. */
export function subjectField(subject: ObligationSubject): { assetId: string } | { locationId: string } {
  return subject.kind === 'asset' ? { assetId: subject.id } : { locationId: subject.id };
}
