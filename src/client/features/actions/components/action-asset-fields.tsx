import { CONDITION_LABELS } from '@shared/domain/assets';
import { AssetPicker, assetLabel } from '@/components/domain/asset-picker';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { formatLocalDate } from '@/lib/format';
import { useAssessmentOptions } from '@/features/actions/api/use-assessment-options';
import { useActionAsset } from '@/features/actions/api/use-action-asset';

/**
 * The action form's links: an asset (picked, or fixed when the form is opened from an asset's page;
 * optional except for a user limited to areas) and then one of that asset's assessments.
 */
export function ActionAssetFields({
  idPrefix,
  assetId,
  assetLabel: knownAssetLabel,
  presetAssetId,
  assessmentId,
  onAssetChange,
  onAssessmentChange,
  assetRequired = false,
  assetError,
  assessmentError,
}: {
  idPrefix: string;
  assetId: string | null;
  /** The current asset's code when editing, before the picker has loaded anything. */
  assetLabel: string | null;
  presetAssetId?: string;
  assessmentId: string | null;
  onAssetChange: (assetId: string | null) => void;
  onAssessmentChange: (assessmentId: string | null) => void;
  /** True for a user limited to areas: an action must then belong to an asset in them. */
  assetRequired?: boolean;
  assetError?: string;
  assessmentError?: string;
}) {
  const assetFieldId = `${idPrefix}-asset`;
  const assessmentFieldId = `${idPrefix}-assessment`;
  const { data: assessments = [], isLoading: assessmentsLoading } = useAssessmentOptions(assetId);

  return (
    <>
      {presetAssetId ? (
        <FixedAsset id={assetFieldId} assetId={presetAssetId} />
      ) : (
        <FormField id={assetFieldId} label={assetRequired ? 'Asset' : 'Asset (optional)'} error={assetError}>
          <AssetPicker
            id={assetFieldId}
            value={assetId}
            selectedLabel={knownAssetLabel}
            onChange={(asset) => onAssetChange(asset?.id ?? null)}
            placeholder={assetRequired ? 'Choose an asset' : 'No asset'}
            invalid={!!assetError}
            clearable={!assetRequired}
          />
        </FormField>
      )}
      {assetId && (
        <FormField id={assessmentFieldId} label="Assessment (optional)" error={assessmentError}>
          <NativeSelect
            id={assessmentFieldId}
            value={assessmentId ?? ''}
            disabled={assessmentsLoading}
            aria-invalid={!!assessmentError}
            onChange={(e) => onAssessmentChange(e.target.value || null)}
          >
            <option value="">{assessmentsLoading ? 'Loading assessments…' : assessments.length ? 'None' : 'No assessments for this asset'}</option>
            {assessments.map((assessment) => (
              <option key={assessment.id} value={assessment.id}>
                {assessment.assessmentId} · {formatLocalDate(assessment.assessedAt)} · {CONDITION_LABELS[assessment.condition]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
    </>
  );
}

/** The asset an action is being added to, shown but not changeable. */
function FixedAsset({ id, assetId }: { id: string; assetId: string }) {
  const { data: asset, isLoading } = useActionAsset(assetId);
  return (
    <div className="grid grid-cols-1 gap-2">
      <span className="text-sm font-medium leading-none" id={`${id}-label`}>
        Asset
      </span>
      <p aria-labelledby={`${id}-label`} className="rounded-md border bg-muted px-3 py-2 text-sm" data-testid="fixed-asset">
        {asset ? assetLabel(asset) : isLoading ? 'Loading…' : 'This asset'}
      </p>
    </div>
  );
}
