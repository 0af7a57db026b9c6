import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { updateBackupSettingsSchema, type BackupSettings, type UpdateBackupSettings } from '@shared/contract/backups';
import {
  BACKUP_FREQUENCIES,
  BACKUP_FREQUENCY_LABELS,
  hourLabel,
  KEEP_DAILY_MAX,
  KEEP_DAILY_MIN,
  KEEP_WEEKLY_MAX,
  KEEP_WEEKLY_MIN,
  WEEKDAY_LABELS,
} from '@shared/domain/backups';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, SubmitButton } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useSaveBackupSettings } from '@/features/backups/api/use-backups';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const toNumber = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));

const valuesOf = ({ enabled, frequency, hour, weekday, keepDaily, keepWeekly }: BackupSettings): UpdateBackupSettings => ({
  enabled,
  frequency,
  hour,
  weekday,
  keepDaily,
  keepWeekly,
});

/**
 * The schedule (off on a new install; daily, or weekly on a day, at an hour of UK time) and the
 * retention rule applied after each backup (ADR 026).
 */
export function BackupScheduleForm({ settings }: { settings: BackupSettings }) {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const save = useSaveBackupSettings();
  const form = useForm<UpdateBackupSettings>({ resolver: zodResolver(updateBackupSettingsSchema), defaultValues: valuesOf(settings) });
  const { errors } = form.formState;
  const frequency = useWatch({ control: form.control, name: 'frequency' });

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast({ title: 'Backup schedule saved', description: saved.enabled ? 'Backups run on this schedule from now on.' : 'Scheduled backups are off.' });
      },
      onError: (error) => toast({ title: 'Failed to save the backup schedule', description: errorMessage(error), variant: 'destructive' }),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Schedule and retention</CardTitle>
        <CardDescription>
          After each backup, older ones in the folder are deleted: the newest backup of each of the last days and weeks that have one is kept, and always
          the newest of all.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={submit} aria-label="Backup schedule">
          <label htmlFor={field('enabled')} className="flex cursor-pointer items-center gap-2 text-sm font-medium">
            <input id={field('enabled')} type="checkbox" className="h-4 w-4 accent-primary" {...form.register('enabled')} />
            Take backups on a schedule
          </label>

          <fieldset className="grid gap-4 sm:grid-cols-3">
            <legend className="sr-only">When</legend>
            <FormField id={field('frequency')} label="How often" error={errors.frequency?.message}>
              <NativeSelect id={field('frequency')} aria-invalid={!!errors.frequency} {...form.register('frequency')}>
                {BACKUP_FREQUENCIES.map((value) => (
                  <option key={value} value={value}>
                    {BACKUP_FREQUENCY_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {frequency === 'weekly' && (
              <FormField id={field('weekday')} label="On" error={errors.weekday?.message}>
                <NativeSelect id={field('weekday')} aria-invalid={!!errors.weekday} {...form.register('weekday', { setValueAs: toNumber })}>
                  {WEEKDAYS.map((day) => (
                    <option key={day} value={day}>
                      {WEEKDAY_LABELS[day]}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            )}
            <FormField id={field('hour')} label="At (UK time)" error={errors.hour?.message}>
              <NativeSelect id={field('hour')} aria-invalid={!!errors.hour} {...form.register('hour', { setValueAs: toNumber })}>
                {HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {hourLabel(hour)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </fieldset>

          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="sr-only">How many to keep</legend>
            <FormField id={field('keep-daily')} label={`Daily backups to keep (${KEEP_DAILY_MIN}–${KEEP_DAILY_MAX})`} error={errors.keepDaily?.message}>
              <Input
                id={field('keep-daily')}
                type="number"
                inputMode="numeric"
                min={KEEP_DAILY_MIN}
                max={KEEP_DAILY_MAX}
                aria-invalid={!!errors.keepDaily}
                {...form.register('keepDaily', { setValueAs: toNumber })}
              />
            </FormField>
            <FormField id={field('keep-weekly')} label={`Weekly backups to keep (${KEEP_WEEKLY_MIN}–${KEEP_WEEKLY_MAX})`} error={errors.keepWeekly?.message}>
              <Input
                id={field('keep-weekly')}
                type="number"
                inputMode="numeric"
                min={KEEP_WEEKLY_MIN}
                max={KEEP_WEEKLY_MAX}
                aria-invalid={!!errors.keepWeekly}
                {...form.register('keepWeekly', { setValueAs: toNumber })}
              />
            </FormField>
          </fieldset>

          <SubmitButton className="justify-self-start" pending={save.isPending}>
            Save schedule
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
