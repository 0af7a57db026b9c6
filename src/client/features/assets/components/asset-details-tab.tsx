import type { ReactNode } from 'react';
import type { Asset } from '@shared/contract/assets';
import { TriangleAlert } from 'lucide-react';
import { ASSET_STATUS_LABELS, ASSET_TYPE_LABELS, COMPLIANCE_FIELDS, COMPLIANCE_LABELS } from '@shared/domain';
import { flagWarning, type FlagEvidence } from '@shared/domain/compliance';
import { ObligationStatusBadge } from '@/components/domain/obligation-status-badge';
import { ComplianceBadge, ConditionBadge } from '@/components/domain/badges';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCalendarDate, formatDateTime } from '@/lib/format';
import { displayJsonValue } from '@/components/domain/key-value-rows';
import { AssetQrCode } from './asset-qr-code';

/** Compliance shown as badges when recorded (spec §2: fire and electrical, when not na). */
const BADGE_COMPLIANCE = ['complianceFire', 'complianceElectrical'] as const;
/** The other compliance fields, always listed with their value. */
const LISTED_COMPLIANCE = COMPLIANCE_FIELDS.filter(({ key }) => !(BADGE_COMPLIANCE as readonly string[]).includes(key));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A definition list of label/value rows; blank values show a dash. */
function Facts({ rows, label }: { rows: [string, ReactNode][]; label: string }) {
  return (
    <dl aria-label={label} className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
          <dd className="mt-0.5 break-words text-sm">{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Beside the spec's flags (a person's assertion), what the asset's inspections prove per category, and a
 * warning wherever a flag says compliant and the evidence does not back it (issue 23).
 */
function FlagEvidenceRows({ asset, evidence }: { asset: Asset; evidence: FlagEvidence }) {
  const warnings = COMPLIANCE_FIELDS.flatMap(({ key, label }) => {
    const warning = flagWarning(asset[key], evidence[key]);
    return warning ? [{ key, label, warning }] : [];
  });
  return (
    <div className="grid gap-3 border-t pt-4" data-testid="flag-evidence">
      <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Shown by inspections</h3>
      <dl aria-label="Shown by inspections" className="grid gap-2">
        {COMPLIANCE_FIELDS.map(({ key, label }) => {
          const status = evidence[key];
          return (
            <div key={key} className="flex flex-wrap items-center justify-between gap-2">
              <dt className="text-sm">{label}</dt>
              <dd>{status ? <ObligationStatusBadge status={status} /> : <span className="text-sm text-muted-foreground">No inspection duties</span>}</dd>
            </div>
          );
        })}
      </dl>
      {warnings.map(({ key, label, warning }) => (
        <p key={key} role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            <span className="font-medium">{label}:</span> {warning}
          </span>
        </p>
      ))}
    </div>
  );
}

/**
 * The Details tab: information, condition, compliance, custom fields and the QR code. `evidence` is what
 * the asset's inspections show per flag, once loaded (the page reads the asset's obligations).
 */
export function AssetDetailsTab({ asset, evidence }: { asset: Asset; evidence?: FlagEvidence }) {
  const badges = COMPLIANCE_FIELDS.filter(({ key }) => (BADGE_COMPLIANCE as readonly string[]).includes(key) && asset[key] !== 'na');
  // Values of any JSON type (spec §3 "json"): text as it is, anything else as JSON text.
  const customFields = Object.entries(asset.customFields).map(([name, value]): [string, ReactNode] => [name, displayJsonValue(value)]);
  const createdBy = [asset.createdByName, formatDateTime(asset.createdAt)].filter(Boolean).join(', ');

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="grid content-start gap-4 lg:col-span-2">
        <Section title="Asset information">
          <Facts
            label="Asset information"
            rows={[
              ['Type', ASSET_TYPE_LABELS[asset.type]],
              ['Subtype', asset.subtype],
              ['Make', asset.make],
              ['Model', asset.model],
              ['Serial number', asset.serial],
              ['Barcode', asset.barcode],
              ['Location', asset.locationPath],
              ['Status', ASSET_STATUS_LABELS[asset.status]],
              ['Install date', asset.installDate && formatCalendarDate(asset.installDate)],
              ['Warranty expiry', asset.warrantyExpiry && formatCalendarDate(asset.warrantyExpiry)],
              ['Created by', createdBy],
              ['Last updated', formatDateTime(asset.updatedAt)],
            ]}
          />
          {asset.description && (
            <div className="mt-4 border-t pt-4">
              <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Description</h3>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm">{asset.description}</p>
            </div>
          )}
        </Section>

        <Section title="Condition">
          <div className="grid gap-2">
            <div>
              <ConditionBadge condition={asset.condition} />
            </div>
            <p className="whitespace-pre-wrap break-words text-sm">
              {asset.conditionNotes || <span className="text-muted-foreground">No condition notes</span>}
            </p>
          </div>
        </Section>

        {customFields.length > 0 && (
          <Section title="Custom fields">
            <Facts label="Custom fields" rows={customFields} />
          </Section>
        )}
      </div>

      <div className="grid content-start gap-4">
        <Section title="Compliance">
          <div className="grid gap-4">
            {badges.length > 0 && (
              <div className="flex flex-wrap gap-2" data-testid="compliance-badges">
                {badges.map(({ key, label }) => (
                  <ComplianceBadge key={key} label={label} value={asset[key]} />
                ))}
              </div>
            )}
            <Facts label="Compliance" rows={LISTED_COMPLIANCE.map(({ key, label }) => [label, COMPLIANCE_LABELS[asset[key]]])} />
            {evidence && <FlagEvidenceRows asset={asset} evidence={evidence} />}
          </div>
        </Section>
        <AssetQrCode assetId={asset.assetId} />
      </div>
    </div>
  );
}
