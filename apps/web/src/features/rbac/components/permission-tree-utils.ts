import type { PermissionNode } from '@xr/contract/rbac';

/** Parent and children of every node of the permission tree, for the role editor's check rules. */
export interface TreeIndex {
  parentOf: Map<number, number | null>;
  childrenOf: Map<number, number[]>;
  byId: Map<number, PermissionNode>;
  ids: number[];
}

export function indexTree(roots: readonly PermissionNode[]): TreeIndex {
  const index: TreeIndex = { parentOf: new Map(), childrenOf: new Map(), byId: new Map(), ids: [] };
  const walk = (nodes: readonly PermissionNode[], parent: number | null) => {
    for (const n of nodes) {
      index.parentOf.set(n.id, parent);
      index.childrenOf.set(
        n.id,
        n.children.map((c) => c.id),
      );
      index.byId.set(n.id, n);
      index.ids.push(n.id);
      walk(n.children, n.id);
    }
  };
  walk(roots, null);
  return index;
}

export function ancestorsOf(index: TreeIndex, id: number): number[] {
  const out: number[] = [];
  for (let p = index.parentOf.get(id) ?? null; p !== null && !out.includes(p); p = index.parentOf.get(p) ?? null) out.push(p);
  return out;
}

export function descendantsOf(index: TreeIndex, id: number): number[] {
  const out: number[] = [];
  const stack = [...(index.childrenOf.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop() as number;
    out.push(next);
    stack.push(...(index.childrenOf.get(next) ?? []));
  }
  return out;
}

/**
 * The role editor's rule: ticking a permission also ticks everything below it and the menus above it
 * (a screen is only reachable through its parents); unticking it also unticks everything below it.
 * `locked` ids never leave the selection.
 */
export function toggleSelection(
  index: TreeIndex,
  selected: ReadonlySet<number>,
  id: number,
  checked: boolean,
  locked: ReadonlySet<number> = new Set(),
): Set<number> {
  const next = new Set(selected);
  if (checked) {
    for (const x of [id, ...descendantsOf(index, id), ...ancestorsOf(index, id)]) next.add(x);
  } else {
    for (const x of [id, ...descendantsOf(index, id)]) if (!locked.has(x)) next.delete(x);
  }
  return next;
}
