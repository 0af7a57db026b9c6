import type { ReactNode } from 'react';
import type { Asset } from '@shared/contract/assets';
import { ASSET_STATUS_LABELS, ASSET_TYPE_LABELS, COMPLIANCE_FIELDS, COMPLIANCE_LABELS } from '@shared/domain';
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

/** The Details tab: information, condition, compliance, custom fields and the QR code. */
export function AssetDetailsTab({ asset }: { asset: Asset }) {
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
          </div>
        </Section>
        <AssetQrCode assetId={asset.assetId} />
      </div>
    </div>
  );
}
