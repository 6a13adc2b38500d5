// @vitest-environment jsdom
/** The influence path: an ordered list of papers with years, chain switching, and "no chain". */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { PathList, type PathListProps } from "../../web/src/components/PathList.tsx";
import { INSTRUCT, METROLOGY, SOCIO, brief, pathResponse } from "./fixtures.ts";

afterEach(cleanup);

function renderPath(props: Partial<PathListProps>) {
  const handlers = { onChainChange: vi.fn(), onModeChange: vi.fn(), onSelect: vi.fn(), onSwap: vi.fn(), onClose: vi.fn() };
  render(<PathList path={{ status: "loading" }} mode="shortest" chain={0} {...handlers} {...props} />);
  return handlers;
}

describe("PathList", () => {
  it("lists the chain in order, FROM first, each with its year", () => {
    const { onSelect } = renderPath({ path: { status: "ready", data: pathResponse([[METROLOGY, SOCIO, INSTRUCT]]) } });
    const list = screen.getByRole("list", { name: "Influence path" });
    expect(list.tagName).toBe("OL");
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items.map((li) => li.querySelector(".path-year")?.textContent)).toEqual(["2024", "2023", "2022"]);
    expect(items[0]?.textContent).toContain(METROLOGY.title);
    expect(items[2]?.textContent).toContain(INSTRUCT.title);
    fireEvent.click(within(list).getByRole("button", { name: SOCIO.title ?? "" }));
    expect(onSelect).toHaveBeenCalledWith(SOCIO);
  });

  it("switches between chains of the same length", () => {
    const other = brief("arxiv:2206.07682", "Emergent Abilities of Large Language Models", 2022);
    const { onChainChange } = renderPath({
      path: {
        status: "ready",
        data: pathResponse([
          [METROLOGY, SOCIO, INSTRUCT],
          [METROLOGY, other, INSTRUCT],
        ]),
      },
      chain: 1,
    });
    expect(screen.getByText("Chain 2 of 2")).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Influence path" })).getAllByRole("listitem")[1]?.textContent).toContain("Emergent Abilities");
    fireEvent.click(screen.getByRole("button", { name: "Next chain" }));
    expect(onChainChange).toHaveBeenCalledWith(0);
  });

  it("says plainly when there is no chain, and offers the other direction", () => {
    const { onSwap } = renderPath({ path: { status: "ready", data: pathResponse([], INSTRUCT, METROLOGY) } });
    expect(screen.queryByRole("list", { name: "Influence path" })).toBeNull();
    expect(screen.getByText(`No chain: “${INSTRUCT.title}” does not build on “${METROLOGY.title}”, directly or through other papers in this graph.`)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try the other direction" }));
    expect(onSwap).toHaveBeenCalledOnce();
  });

  it("toggles the longest chain", () => {
    const { onModeChange } = renderPath({ path: { status: "ready", data: pathResponse([[METROLOGY, SOCIO, INSTRUCT]]) } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Longest chain/ }));
    expect(onModeChange).toHaveBeenCalledWith("longest");
  });

  it("shows loading and errors", () => {
    renderPath({ path: { status: "loading" } });
    expect(screen.getByText("Finding chains…")).toBeTruthy();
    cleanup();
    renderPath({ path: { status: "error", error: "unknown paper (404 from /api/path)" } });
    expect(screen.getByText("Could not find a path: unknown paper (404 from /api/path)")).toBeTruthy();
  });
});
