/**
 * The part of citation-js (https://citation.js.org) Lineage uses: parsing BibTeX and RIS text to
 * CSL-JSON through the plugin registry. The packages ship no types.
 */
declare module "@citation-js/core" {
  export interface ChainOptions {
    target?: string;
    generateGraph?: boolean;
    forceType?: string;
  }
  export const plugins: {
    input: {
      chain(input: unknown, options?: ChainOptions): unknown;
    };
  };
}

declare module "@citation-js/plugin-bibtex";
declare module "@citation-js/plugin-ris";
