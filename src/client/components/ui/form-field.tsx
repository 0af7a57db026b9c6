import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button } from './button';
import { Input } from './input';
import { Label } from './label';
import { Spinner } from './spinner';

/** A labelled field with its validation message, linked for screen readers. */
export function FormField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps<T extends FieldValues> = { form: UseFormReturn<T>; name: Path<T>; id: string; label: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'form'
>;

/** A text input bound to a form's field, with its label and its validation message. */
export function TextField<T extends FieldValues>({ form, name, id, label, ...input }: TextFieldProps<T>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <FormField id={id} label={label} error={error}>
      <Input id={id} aria-invalid={!!error} {...input} {...form.register(name)} />
    </FormField>
  );
}

/** A form's submit button: disabled, with a spinner, while the form is being sent. */
export function SubmitButton({ pending, className, children }: { pending: boolean; className?: string; children: ReactNode }) {
  return (
    <Button type="submit" className={className} disabled={pending}>
      {pending && <Spinner className="h-4 w-4 text-primary-foreground" />}
      {children}
    </Button>
  );
}
