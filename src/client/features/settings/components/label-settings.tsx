import { useState, type FormEvent } from 'react';
import type { Settings } from '@shared/contract/users';
import { LABEL_CONTENT_LABELS, LABEL_CONTENTS, LABEL_LINK_BASE_MAX, type LabelContent } from '@shared/domain/labels';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useUpdateSettings } from '@/features/settings/api/use-update-settings';

/**
 * What printed label sheets' QR codes encode (ADR 027): the asset code, which the in-app scanner
 * reads, or a link to the asset that a phone's own camera app opens. The Details tab's QR code
 * always encodes the asset code.
 */
export function LabelSettings({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const [content, setContent] = useState<LabelContent>(settings.labelContent);
  const [base, setBase] = useState(settings.labelLinkBase ?? '');

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { labelContent: content, labelLinkBase: base },
      {
        onSuccess: (saved) => {
          setContent(saved.labelContent);
          setBase(saved.labelLinkBase ?? '');
          toast({ title: 'Settings saved', description: 'Label sheets printed from now on use these settings.' });
        },
        onError: (error) => toast({ title: 'Failed to save settings', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <form noValidate onSubmit={save}>
      <Card>
        <CardHeader>
          <CardTitle>Labels</CardTitle>
          <CardDescription>What the QR codes on printed label sheets encode.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <fieldset className="grid gap-3">
            <legend className="sr-only">Label content</legend>
            {LABEL_CONTENTS.map((value) => (
              <label key={value} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                <input type="radio" name="labelContent" value={value} checked={content === value} onChange={() => setContent(value)} className="mt-0.5 h-4 w-4 accent-primary" />
                <span>{LABEL_CONTENT_LABELS[value]}</span>
              </label>
            ))}
          </fieldset>
          {content === 'link' && (
            <FormField id="label-link-base" label="Links start with">
              <Input
                id="label-link-base"
                type="url"
                inputMode="url"
                placeholder="The server's PUBLIC_URL, e.g. https://assets.example.org"
                maxLength={LABEL_LINK_BASE_MAX}
                value={base}
                onChange={(event) => setBase(event.target.value)}
              />
            </FormField>
          )}
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
              Save label settings
            </Button>
          </div>
        </CardContent>
      </Card>
    </form>
  );
}
