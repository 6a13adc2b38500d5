/**
 * Paper labels without overlap (core/graph/label-placement.ts): sets sigma's label and hover
 * drawers once, and before each frame clears the placements and places first the labels that
 * matter most: the selected paper at its right, the reading list's papers, then the emphasis'
 * other primary papers (a path's, a main path's) in order, so the rest fit round them. Renders
 * nothing.
 */
import { useEffect, useMemo, useRef } from "react";
import { useSigma } from "@react-sigma/core";
import { LabelPlacer } from "../../core/graph/label-placement.ts";
import { TextWidths, createHoverDrawer, createLabelDrawer, labelFont } from "../../core/graph/node-labels.ts";

export interface LabelControllerProps {
  /** The selected paper, labelled at its right whatever it covers. */
  selected: string | null;
  /** Papers whose labels are boxed in the hover layer (the emphasis' primary papers). */
  primary: ReadonlySet<string> | null;
  /** Papers whose labels come next (the reading list's). */
  marked: ReadonlyMap<string, number>;
}

export function LabelController({ selected, primary, marked }: LabelControllerProps) {
  const sigma = useSigma();
  const placer = useMemo(() => new LabelPlacer(), []);
  const widths = useMemo(() => new TextWidths(), []);
  const first = useRef({ selected, primary, marked });

  useEffect(() => {
    first.current = { selected, primary, marked };
  });

  useEffect(() => {
    sigma.setSettings({ defaultDrawNodeLabel: createLabelDrawer(placer, widths), defaultDrawNodeHover: createHoverDrawer(placer, widths) });
    const context = sigma.getCanvases().labels?.getContext("2d") ?? null;
    const beforeRender = () => {
      placer.reset();
      if (!context) return;
      const settings = sigma.getSettings();
      const font = labelFont(settings);
      const reserve = (key: string, right: boolean) => {
        const data = sigma.getNodeDisplayData(key);
        if (!data || data.hidden || !data.label) return;
        // Before a frame sigma still holds the last frame's matrix: the camera's state is the one drawn.
        const { x, y } = sigma.framedGraphToViewport(data, { cameraState: sigma.getCamera().getState() });
        const width = widths.measure(context, font, data.label);
        placer.reserve(key, x, y, sigma.scaleSize(data.size), width, settings.labelSize, right ? "right" : undefined);
      };
      const { selected: chosen, primary: main, marked: list } = first.current;
      if (chosen) reserve(chosen, true);
      for (const key of list.keys()) if (key !== chosen) reserve(key, false);
      for (const key of main ?? []) if (key !== chosen && !list.has(key)) reserve(key, false);
    };
    sigma.on("beforeRender", beforeRender);
    return () => {
      sigma.off("beforeRender", beforeRender);
    };
  }, [sigma, placer, widths]);

  return null;
}
