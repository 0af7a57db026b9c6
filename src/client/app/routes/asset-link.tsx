import { Redirect, useParams } from 'wouter';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { signInThenReturnTo } from '@/lib/return-to';
import { useScanLookup } from '@/components/scanner/api/use-scan-lookup';
import { PageSpinner } from '@/components/ui/spinner';
import { DeepLinkProblem } from '@/components/layout/deep-link-problem';

/**
 * /a/:assetId, the link a label's QR code can carry (ADR 027) so a phone's own camera app opens
 * the asset: signs the visitor in first if needed, then opens the asset's page.
 */
export default function AssetLinkPage() {
  const { assetId = '' } = useParams<{ assetId: string }>();
  const { user, isLoading } = useAuth();
  const link = paths.assetLink(assetId);
  const lookup = useScanLookup(`${location.origin}${link}`, !!user);

  if (isLoading) return <PageSpinner />;
  if (!user) return <Redirect to={signInThenReturnTo(link)} replace />;
  if (lookup.data?.kind === 'asset') return <Redirect to={paths.asset(lookup.data.asset.id)} replace />;
  if (lookup.isPending) return <PageSpinner />;
  return lookup.isError ? (
    <DeepLinkProblem title="Could not open the asset" error={lookup.error} />
  ) : (
    <DeepLinkProblem title={`No asset ${assetId}`} detail="It may have been deleted, or it lies outside your areas." />
  );
}
