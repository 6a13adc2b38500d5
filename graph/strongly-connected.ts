/**
 * Strongly connected components (Tarjan, "Depth-first search and linear graph algorithms", SIAM J.
 * Computing 1972), iterative so deep citation chains cannot overflow the stack. Components come
 * out in reverse topological order: a component is emitted after every component it reaches.
 */
import { UNBOUNDED, type QueryBudget } from "./query-budget.ts";

export function stronglyConnectedComponents(
  nodes: readonly number[],
  neighbours: (n: number) => readonly number[],
  budget: QueryBudget = UNBOUNDED,
): { componentOf: Map<number, number>; components: number[][] } {
  const indexOf = new Map<number, number>();
  const low = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const componentOf = new Map<number, number>();
  const components: number[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (indexOf.has(root)) continue;
    const work: { node: number; next: readonly number[]; i: number }[] = [];
    const open = (n: number) => {
      indexOf.set(n, counter);
      low.set(n, counter);
      counter++;
      stack.push(n);
      onStack.add(n);
      work.push({ node: n, next: neighbours(n), i: 0 });
    };
    open(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: number; next: readonly number[]; i: number };
      budget.tick();
      if (frame.i < frame.next.length) {
        const m = frame.next[frame.i++] as number;
        if (!indexOf.has(m)) open(m);
        else if (onStack.has(m)) low.set(frame.node, Math.min(low.get(frame.node) ?? 0, indexOf.get(m) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === indexOf.get(frame.node)) {
        const component: number[] = [];
        let m: number;
        do {
          m = stack.pop() as number;
          onStack.delete(m);
          componentOf.set(m, components.length);
          component.push(m);
        } while (m !== frame.node);
        components.push(component);
      }
    }
  }
  return { componentOf, components };
}

/**
 * The same algorithm over papers numbered 0..size-1, with typed arrays instead of maps: the form
 * the SPC condensation of a whole citation graph needs (issue 6). Neighbours for which `include`
 * is false are not followed. `componentIndex[n]` is n's component, -1 for papers not visited.
 */
export function stronglyConnectedDense(
  size: number,
  nodes: ArrayLike<number>,
  neighbours: (n: number) => ArrayLike<number>,
  include: (n: number) => boolean = () => true,
  budget: QueryBudget = UNBOUNDED,
): { componentIndex: Int32Array; components: number[][] } {
  const indexOf = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const onStack = new Uint8Array(size);
  const componentIndex = new Int32Array(size).fill(-1);
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  const workNode: number[] = [];
  const workNext: ArrayLike<number>[] = [];
  const workPos: number[] = [];
  const open = (n: number) => {
    indexOf[n] = counter;
    low[n] = counter;
    counter++;
    stack.push(n);
    onStack[n] = 1;
    workNode.push(n);
    workNext.push(neighbours(n));
    workPos.push(0);
  };
  for (let r = 0; r < nodes.length; r++) {
    const root = nodes[r] as number;
    if ((indexOf[root] ?? -1) >= 0) continue;
    open(root);
    while (workNode.length > 0) {
      const top = workNode.length - 1;
      const node = workNode[top] as number;
      const next = workNext[top] as ArrayLike<number>;
      budget.tick();
      let opened = false;
      while ((workPos[top] as number) < next.length) {
        const m = next[workPos[top] as number] as number;
        workPos[top] = (workPos[top] as number) + 1;
        if (!include(m)) continue;
        if ((indexOf[m] ?? -1) < 0) {
          open(m);
          opened = true;
          break;
        }
        if (onStack[m] === 1) low[node] = Math.min(low[node] ?? 0, indexOf[m] ?? 0);
      }
      if (opened) continue;
      workNode.pop();
      workNext.pop();
      workPos.pop();
      const parent = workNode[workNode.length - 1];
      if (parent !== undefined) low[parent] = Math.min(low[parent] ?? 0, low[node] ?? 0);
      if (low[node] === indexOf[node]) {
        const component: number[] = [];
        let m: number;
        do {
          m = stack.pop() as number;
          onStack[m] = 0;
          componentIndex[m] = components.length;
          component.push(m);
        } while (m !== node);
        components.push(component);
      }
    }
  }
  return { componentIndex, components };
}
