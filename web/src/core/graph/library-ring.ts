/**
 * How the map marks a paper of the researcher's library: a node type of its own (display.ts sets
 * it), drawn as its disc inside a ring of this colour (sigma-programs.ts).
 */
export const LIBRARY_NODE_TYPE = "library";
export const LIBRARY_RING_COLOR = "#1f2933";
