import type { ManagedUser } from '@shared/contract/users';
import { WHOLE_ESTATE_LABEL } from '@/lib/areas';

/** An area manager's areas on their row: each name, with its full path on hover; or the whole estate. */
export function UserAreas({ user }: { user: ManagedUser }) {
  const areas = user.areas ?? [];
  if (areas.length === 0) return <>{WHOLE_ESTATE_LABEL}</>;
  return (
    <>
      {areas.map((area, index) => (
        <span key={area.id}>
          {index > 0 && ', '}
          <span title={area.path}>{area.name}</span>
        </span>
      ))}
    </>
  );
}
