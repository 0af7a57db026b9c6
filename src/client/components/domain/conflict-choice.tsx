import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { discardOutboxItem, keepMyVersion, type OutboxItem } from '@/lib/outbox';
import { differingFields } from '@/lib/outbox/conflict-fields';
import { conflictFieldLabel, conflictValue } from '@/lib/outbox/conflict-display';

/**
 * An edit made offline to a record someone changed meanwhile (ADR 028): the fields where the two
 * versions differ, side by side, and the choice. "Keep mine" sends the user's version again, now based
 * on the record as it is; "Discard mine" drops it and keeps theirs. The fields are compared as the
 * replay compares them (conflict-fields.ts), which sends an edit the server already matches as sent;
 * an older item with nothing differing says so rather than showing an empty table.
 */
export function ConflictChoice({ item, current }: { item: OutboxItem; current: Record<string, unknown> }) {
  const differing = differingFields(item.body, current);
  return (
    <div className="grid gap-3" data-testid="conflict">
      <p role="alert" className="text-sm text-destructive">
        {item.conflict?.message}. Choose which version to keep.
      </p>
      {differing.length === 0 ? (
        <p className="text-sm" data-testid="conflict-same">
          The server already has every value you set: discarding yours loses nothing.
        </p>
      ) : (
        <table className="w-full table-fixed text-left text-sm">
          <thead>
            <tr className="border-b">
              <th className="py-1 pr-3 font-medium">Field</th>
              <th className="py-1 pr-3 font-medium">Now on the server</th>
              <th className="py-1 font-medium">Yours</th>
            </tr>
          </thead>
          <tbody>
            {differing.map((field) => (
              <tr key={field} className="border-b last:border-0" data-testid="conflict-field">
                <th scope="row" className="break-words py-1 pr-3 font-normal text-muted-foreground">
                  {conflictFieldLabel(field)}
                </th>
                <td className="break-words py-1 pr-3">{conflictValue(item.kind, field, current[field], current)}</td>
                <td className="break-words py-1">{conflictValue(item.kind, field, item.body[field], current)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void keepMyVersion(item.clientId)}>
          Keep mine
        </Button>
        <Button variant="outline" size="sm" onClick={() => void discardOutboxItem(item.clientId)}>
          <Trash2 aria-hidden /> Discard mine
        </Button>
      </div>
    </div>
  );
}
