// @vitest-environment jsdom
/** The legend: directions and communities with their counts, each a toggle that filters the map. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { Legend, type LegendProps } from "../../web/src/components/Legend.tsx";

afterEach(cleanup);

function renderLegend(props: Partial<LegendProps> = {}) {
  const handlers = { onDirection: vi.fn(), onCommunity: vi.fn() };
  render(
    <Legend
      directions={[{ name: "Reasoning benchmarks and evaluation", area: "LLM reasoning", count: 3, color: "#4e79a7" }]}
      communities={[
        { id: 2, size: 2209, label: "sense, word, disambiguation", color: "#1f77b4" },
        { id: 3, size: 2078, label: "discourse, resolution, dialogue", color: "#ff7f0e" },
      ]}
      otherCommunityColor="#8fa1b3"
      direction={null}
      community={null}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe("Legend", () => {
  it("lists each direction and community with its count and colour", () => {
    renderLegend();
    const entry = screen.getByRole("button", { name: /sense, word, disambiguation/ });
    expect(entry.textContent).toBe("sense, word, disambiguation 2,209");
    expect((entry.querySelector(".swatch") as HTMLElement).style.background).toBe("rgb(31, 119, 180)");
    expect(screen.getByRole("button", { name: /Reasoning benchmarks and evaluation/ }).textContent).toBe("Reasoning benchmarks and evaluation 3");
    expect(screen.getByText("Known only as a reference")).toBeTruthy();
  });

  it("filters to a community or direction on click and clears on a second click", () => {
    const { onCommunity, onDirection } = renderLegend();
    fireEvent.click(screen.getByRole("button", { name: /discourse, resolution/ }));
    expect(onCommunity).toHaveBeenCalledWith(3);
    fireEvent.click(screen.getByRole("button", { name: /Reasoning benchmarks/ }));
    expect(onDirection).toHaveBeenCalledWith("Reasoning benchmarks and evaluation");
    cleanup();
    const again = renderLegend({ community: 3 });
    const chosen = screen.getByRole("button", { name: /discourse, resolution/ });
    expect(chosen.getAttribute("aria-pressed")).toBe("true");
    expect(
      within(screen.getByRole("group", { name: "Colours by direction and community" }))
        .getAllByRole("button")
        .filter((b) => b.getAttribute("aria-pressed") === "true"),
    ).toHaveLength(1);
    fireEvent.click(chosen);
    expect(again.onCommunity).toHaveBeenCalledWith(null);
  });

  it("puts the reading list's rings first, above the communities' list that scrolls on a large map", () => {
    renderLegend({ marked: 2 });
    const ring = screen.getByText("Ringed and numbered: on your reading list (2)");
    const first = screen.getByRole("button", { name: /Reasoning benchmarks/ });
    // The ring's entry precedes the first direction in the document.
    expect(ring.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    renderLegend();
    expect(screen.queryByText(/on your reading list/)).toBeNull();
  });
});
