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
