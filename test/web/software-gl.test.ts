/**
 * The WebGL layers' resolution in software GL (issue 25): which renderers are software, and the
 * pixel ratio that keeps a layer within its pixel budget.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SOFTWARE_PIXEL_BUDGET, isSoftwareRenderer, webglPixelRatio } from "../../web/src/core/graph/software-gl.ts";

describe("software GL", () => {
  it("names SwiftShader and llvmpipe as software, GPUs not", () => {
    expect(isSoftwareRenderer("ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)")).toBe(true);
    expect(isSoftwareRenderer("llvmpipe (LLVM 15.0.6, 256 bits)")).toBe(true);
    expect(isSoftwareRenderer("ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)")).toBe(false);
    expect(isSoftwareRenderer("Apple M2")).toBe(false);
  });

  it("keeps the screen's ratio with a GPU", () => {
    expect(webglPixelRatio(false, 2, 1920, 1080)).toBe(2);
  });

  it("in software, never above one pixel per CSS pixel and within the budget", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4000 }), fc.integer({ min: 1, max: 3000 }), fc.double({ min: 0.5, max: 3, noNaN: true }), (w, h, dpr) => {
        const r = webglPixelRatio(true, dpr, w, h);
        expect(r).toBeLessThanOrEqual(Math.min(1, dpr));
        expect(Math.floor(w * r) * Math.floor(h * r)).toBeLessThanOrEqual(SOFTWARE_PIXEL_BUDGET);
      }),
      { seed: 25 },
    );
    expect(webglPixelRatio(true, 1, 400, 300)).toBe(1);
  });
});
