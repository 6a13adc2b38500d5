/**
 * Installs the explorer's picking and frame pacing on sigma for the renderer's life
 * (core/graph/renderer-hooks.ts). Renders nothing.
 */
import { useEffect } from "react";
import { useSigma } from "@react-sigma/core";
import { installRendererHooks } from "../../core/graph/renderer-hooks.ts";

export function RendererController() {
  const sigma = useSigma();
  useEffect(() => installRendererHooks(sigma), [sigma]);
  return null;
}
