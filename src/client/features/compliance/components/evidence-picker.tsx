import { useId, useRef, useState } from 'react';
import { FileText, ImageIcon, Paperclip, X } from 'lucide-react';
import { EVIDENCE_UPLOAD_TYPES, MAX_UPLOAD_BYTES, MAX_UPLOAD_SIZE_LABEL, PDF_MIME_TYPE } from '@shared/domain/uploads';
import { Button } from '@/components/ui/button';

const ACCEPT = EVIDENCE_UPLOAD_TYPES.join(',');

const isPdf = (file: File) => file.type === PDF_MIME_TYPE || (!file.type && /\.pdf$/i.test(file.name));

/** Why a chosen file cannot be evidence, before anything is sent (the server checks again). */
function problemWith(file: File): string | null {
  if (!file.type.startsWith('image/') && !isPdf(file)) return `${file.name} is not a photo or a PDF`;
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is over ${MAX_UPLOAD_SIZE_LABEL}`;
  if (file.size === 0) return `${file.name} is empty`;
  return null;
}

/**
 * An inspection's evidence picker (ADR 025): photos and PDF certificates, several at once, at most
 * `max`. `accept` lists image/* and PDF, so a phone offers its camera as well as its files. The
 * files wait here until the form saves; each can be taken off the list.
 */
export function EvidencePicker({ files, onChange, max, disabled = false }: { files: File[]; onChange: (files: File[]) => void; max: number; disabled?: boolean }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const add = (chosen: File[]) => {
    const refused = chosen.map(problemWith).filter((p): p is string => p !== null);
    const fitting = chosen.filter((file) => problemWith(file) === null);
    const room = Math.max(0, max - files.length);
    if (fitting.length > room) refused.push(`At most ${max} files: ${fitting.length - room} not added`);
    setProblems(refused);
    onChange([...files, ...fitting.slice(0, room)]);
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          Evidence
        </label>
        <p className="text-xs text-muted-foreground">
          Photos or PDF certificates, up to {max} files of {MAX_UPLOAD_SIZE_LABEL}
        </p>
      </div>
      {/* The native input does the choosing (camera, files); the button is its visible face. */}
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        disabled={disabled}
        onChange={(event) => {
          add(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <Button type="button" variant="outline" className="justify-self-start" disabled={disabled || files.length >= max} onClick={() => input.current?.click()}>
        <Paperclip aria-hidden /> Add photos or PDFs
      </Button>
      {problems.length > 0 && (
        <div role="alert">
          <ul className="grid gap-0.5 text-sm text-destructive">
            {problems.map((problem) => (
              <li key={problem} className="break-words">
                {problem}
              </li>
            ))}
          </ul>
        </div>
      )}
      {files.length > 0 && (
        <ul className="grid gap-1" aria-label="Chosen evidence">
          {files.map((file, index) => {
            const Icon = isPdf(file) ? FileText : ImageIcon;
            return (
              <li key={`${file.name}-${index}`} className="flex min-w-0 items-center gap-2 rounded-md border px-2 py-1 text-sm">
                <Icon className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1 break-all">{file.name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="h-9 w-9 shrink-0"
                  aria-label={`Remove ${file.name}`}
                  disabled={disabled}
                  onClick={() => onChange(files.filter((_, i) => i !== index))}
                >
                  <X aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
