import type { NewLocationNode } from '@shared/contract/imports';
import { LOCATION_TYPE_LABELS } from '@shared/domain/locations';

/** The locations an import would create, as a tree under the existing place each goes in. */
export function NewLocationsTree({ nodes }: { nodes: NewLocationNode[] }) {
  return (
    <ul className="space-y-1 text-sm" aria-label="New locations">
      {nodes.map((node, i) => (
        <li key={`${node.name}-${i}`}>
          {node.parentPath && <span className="text-muted-foreground">{node.parentPath} / </span>}
          <Branch node={node} />
        </li>
      ))}
    </ul>
  );
}

function Branch({ node }: { node: NewLocationNode }) {
  return (
    <>
      <span className="font-medium">{node.name}</span> <span className="text-xs text-muted-foreground">({LOCATION_TYPE_LABELS[node.type]})</span>
      {node.children.length > 0 && (
        <ul className="ml-4 border-l pl-3">
          {node.children.map((child, i) => (
            <li key={`${child.name}-${i}`}>
              <Branch node={child} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
