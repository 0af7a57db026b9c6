import { useEffect } from 'react';
import { Redirect, useParams } from 'wouter';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { signInThenReturnTo } from '@/lib/return-to';
import { setScanLocation } from '@/components/scanner/scan-location';
import { useScanLookup } from '@/components/scanner/api/use-scan-lookup';
import { PageSpinner } from '@/components/ui/spinner';
import { DeepLinkProblem } from '@/components/layout/deep-link-problem';

/**
 * /l/:locationId, a location tag's link (ADR 027): after signing in if needed, the device scans at
 * that location (the next assets registered default to it) and the location's page opens.
 */
export default function LocationLinkPage() {
  const { locationId = '' } = useParams<{ locationId: string }>();
  const { user, isLoading } = useAuth();
  const link = paths.locationLink(locationId);
  const lookup = useScanLookup(`${location.origin}${link}`, !!user);
  const found = lookup.data?.kind === 'location' ? lookup.data.location : null;

  useEffect(() => {
    if (found) setScanLocation(found);
  }, [found]);

  if (isLoading) return <PageSpinner />;
  if (!user) return <Redirect to={signInThenReturnTo(link)} replace />;
  if (found) return <Redirect to={paths.location(found.id)} replace />;
  if (lookup.isPending) return <PageSpinner />;
  return lookup.isError ? (
    <DeepLinkProblem title="Could not open the location" error={lookup.error} />
  ) : (
    <DeepLinkProblem title="Location not found" detail="It may have been removed, or it lies outside your areas." />
  );
}
