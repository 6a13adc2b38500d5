/**
 * Labels placed without overlap where they can be (issue 18: labels piled up in the lineage and
 * longest-chain views): a greedy placement over screen boxes, as map labelling does in its
 * simplest form (Christensen, Marks & Shieber, "An empirical study of algorithms for point-feature
 * label placement", ACM TOG 1995, call it the greedy baseline). Each label tries the places around
 * its point in a fixed order (right, left, above, below) and takes the first that overlaps no label
 * placed before it, nor a reading-list paper's number; labels that matter most are placed first (the selected paper, where it is
 * boxed; the reading list's papers; the papers of a path or a main path, in order; the regions'
 * names at the overview), and before any of them the panels over the map (the legend, the zoom
 * buttons) are taken as placed. A label must lie inside the canvas (`setBounds`): one cut off at
 * the edge, or under the side panel, is no label. A label with no free place is left out.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Side = "right" | "left" | "above" | "below";
export const SIDES: readonly Side[] = ["right", "left", "above", "below"];

export interface Placement {
  side: Side;
  /** The point the label belongs to, on screen. */
  anchor: { x: number; y: number };
  /** Where the text starts (left end) and its baseline. */
  textX: number;
  baseline: number;
  box: Box;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The room a label takes around its text: what a boxed label's white box covers (node-labels.ts
 * draws it as the box), so that two labels placed side by side never overlap as drawn.
 */
export const LABEL_PAD = { x: 3, y: 2 } as const;

/** The label's box on one side of a point drawn with radius `r`, for text `width` × `fontSize`. */
export function placementAt(side: Side, x: number, y: number, r: number, width: number, fontSize: number): Placement {
  const gap = 3;
  const h = fontSize + 2;
  const anchor = { x, y };
  const around = (textX: number, top: number): Box => ({ x: textX - LABEL_PAD.x, y: top - LABEL_PAD.y / 2, width: width + 2 * LABEL_PAD.x, height: h + LABEL_PAD.y });
  switch (side) {
    case "right":
      return { side, anchor, textX: x + r + gap, baseline: y + fontSize / 3, box: around(x + r + gap, y - h / 2) };
    case "left":
      return { side, anchor, textX: x - r - gap - width, baseline: y + fontSize / 3, box: around(x - r - gap - width, y - h / 2) };
    case "above": {
      const top = y - r - gap - h - LABEL_PAD.y / 2;
      return { side, anchor, textX: x - width / 2, baseline: top + h - 2, box: around(x - width / 2, top) };
    }
    case "below": {
      const top = y + r + gap + LABEL_PAD.y / 2;
      return { side, anchor, textX: x - width / 2, baseline: top + fontSize, box: around(x - width / 2, top) };
    }
  }
}

function inside(box: Box, bounds: Box | null): boolean {
  return !bounds || (box.x >= bounds.x && box.y >= bounds.y && box.x + box.width <= bounds.x + bounds.width && box.y + box.height <= bounds.y + bounds.height);
}

/** A label as the frame drew it (for an image of the map: map-image.ts). */
export interface DrawnLabel {
  text: string;
  x: number;
  baseline: number;
  /** Drawn boxed on white (a highlighted paper's). */
  boxed: boolean;
  box: Box;
}

/** Where a reading-list paper's number is drawn: a disc at the top right of its ring (node-labels.ts drawMark). */
export function markBadge(x: number, y: number, size: number, mark: number): { x: number; y: number; r: number } {
  const ring = size + 3;
  return { x: x + ring * 0.72, y: y - ring * 0.72, r: String(mark).length > 1 ? 8 : 7 };
}

/** A reading-list paper's ring and number as the frame drew them. */
export interface DrawnMark {
  x: number;
  y: number;
  size: number;
  mark: number;
}

export class LabelPlacer {
  private boxes: Box[] = [];
  /** The reading list's numbers (`occupyMark`): no label but their own paper's may cover them. */
  private marks: { owner: string; box: Box }[] = [];
  /** What the frame drew, in drawing order (cleared with the placements). */
  readonly drawn: { labels: DrawnLabel[]; marks: DrawnMark[] } = { labels: [], marks: [] };
  private readonly reserved = new Map<string, Placement | null>();
  private bounds: Box | null = null;

  /** Forgets every placement (once per frame); the bounds stay. */
  reset(): void {
    this.boxes = [];
    this.marks = [];
    this.drawn.labels.length = 0;
    this.drawn.marks.length = 0;
    this.reserved.clear();
  }

  /** Labels must lie inside `bounds` (the canvas), or anywhere with null. */
  setBounds(bounds: Box | null): void {
    this.bounds = bounds;
  }

  /** The place reserved for a label: a placement, null when it found no room, undefined when not reserved. */
  reservation(key: string): Placement | null | undefined {
    return this.reserved.get(key);
  }

  get placed(): readonly Box[] {
    return this.boxes;
  }

  /** Takes a box placed by other means (a cluster label). */
  occupy(box: Box): void {
    this.boxes.push(box);
  }

  /** The box moved sideways by at most `slack` to lie inside the bounds' width, when that is enough. */
  shiftedInside(box: Box, slack: number): Box {
    const b = this.bounds;
    if (!b) return box;
    const x = Math.max(b.x, Math.min(box.x, b.x + b.width - box.width));
    return Math.abs(x - box.x) <= slack ? { ...box, x } : box;
  }

  /** Takes the number drawn on `owner`'s ring, so that the labels of other papers keep off it. */
  occupyMark(owner: string, x: number, y: number, size: number, mark: number): void {
    const badge = markBadge(x, y, size, mark);
    this.marks.push({ owner, box: { x: badge.x - badge.r, y: badge.y - badge.r, width: 2 * badge.r, height: 2 * badge.r } });
  }

  /** Whether a box is inside the bounds and free of every placed label, and of every number but `owner`'s. */
  free(box: Box, owner?: string): boolean {
    if (!inside(box, this.bounds)) return false;
    for (const b of this.boxes) if (overlaps(b, box)) return false;
    for (const m of this.marks) if (m.owner !== owner && overlaps(m.box, box)) return false;
    return true;
  }

  /**
   * Places the label of `key`: its reserved place if it has one, else the first free side, else
   * (with `force`) the right-hand side anyway, else nothing.
   */
  place(key: string, x: number, y: number, r: number, width: number, fontSize: number, force = false): Placement | null {
    const reserved = this.reserved.get(key);
    if (reserved !== undefined) return reserved;
    for (const side of SIDES) {
      const p = placementAt(side, x, y, r, width, fontSize);
      if (this.free(p.box, key)) {
        this.boxes.push(p.box);
        return p;
      }
    }
    if (!force) return null;
    const p = this.forced("right", x, y, r, width, fontSize);
    this.boxes.push(p.box);
    return p;
  }

  /** On `side` whatever it covers, else (cut off by the bounds there) the first side inside them. */
  private forced(side: Side, x: number, y: number, r: number, width: number, fontSize: number): Placement {
    const wanted = placementAt(side, x, y, r, width, fontSize);
    if (inside(wanted.box, this.bounds)) return wanted;
    for (const other of SIDES) {
      const p = placementAt(other, x, y, r, width, fontSize);
      if (inside(p.box, this.bounds)) return p;
    }
    return wanted;
  }

  /**
   * Places a label ahead of the others, remembered for when it is drawn: on the given side
   * whatever it covers (the selected paper's; another side where the canvas would cut it off), or
   * on the first free side, or (null) nowhere.
   */
  reserve(key: string, x: number, y: number, r: number, width: number, fontSize: number, side?: Side): Placement | null {
    let p: Placement | null;
    if (side) {
      p = this.forced(side, x, y, r, width, fontSize);
      this.boxes.push(p.box);
    } else p = this.place(key, x, y, r, width, fontSize);
    this.reserved.set(key, p);
    return p;
  }
}
