import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ASSET_QR_OPTIONS } from '@shared/domain/scan';
import { Skeleton } from '@/components/ui/skeleton';

/** Spec §9: 200 px, margin 2, black on white, PNG; the decoding tests read this same drawing (ADR 027). */
export const QR_SIZE_PX = ASSET_QR_OPTIONS.width;
const QR_OPTIONS = ASSET_QR_OPTIONS;

/** A QR code of the asset's code, to print and stick on the asset, with a PNG download named after it. */
export function AssetQrCode({ assetId }: { assetId: string }) {
  const [qr, setQr] = useState<{ text: string; url: string } | null>(null);

  useEffect(() => {
    let current = true;
    QRCode.toDataURL(assetId, QR_OPTIONS).then(
      (url) => current && setQr({ text: assetId, url }),
      () => current && setQr(null),
    );
    return () => {
      current = false;
    };
  }, [assetId]);

  // A code drawn for a previous assetId (before an edit) is never shown for this one.
  const url = qr?.text === assetId ? qr.url : null;

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">QR code</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">
        {url ? (
          <img src={url} alt={`QR code for ${assetId}`} width={QR_SIZE_PX} height={QR_SIZE_PX} className="h-[200px] w-[200px]" />
        ) : (
          <Skeleton className="h-[200px] w-[200px]" />
        )}
        {url ? (
          <Button asChild variant="outline">
            <a href={url} download={`${assetId}.png`}>
              <Download aria-hidden /> Download
            </a>
          </Button>
        ) : (
          <Button variant="outline" disabled>
            <Download aria-hidden /> Download
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
