// @vitest-environment jsdom
/** The reading-list tab (issue 25): counts the list's papers and its seeds, and opens the panel. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ReadingListTab } from "../../web/src/components/ReadingListTab.tsx";

afterEach(cleanup);

describe("ReadingListTab", () => {
  it("counts papers and seeds, and its count changes when a seed is added", () => {
    const onOpen = vi.fn();
    const view = render(<ReadingListTab papers={0} seeds={0} onOpen={onOpen} />);
    expect(screen.getByRole("button", { name: "Reading list: 0 papers, 0 seeds" }).textContent).toBe("Reading list 0");
    view.rerender(<ReadingListTab papers={0} seeds={1} onOpen={onOpen} />);
    const tab = screen.getByRole("button", { name: "Reading list: 0 papers, 1 seed" });
    expect(tab.textContent).toBe("Reading list 01 seed");
    view.rerender(<ReadingListTab papers={1200} seeds={2} onOpen={onOpen} />);
    expect(screen.getByRole("button", { name: "Reading list: 1,200 papers, 2 seeds" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /^Reading list/ }));
    expect(onOpen).toHaveBeenCalledOnce();
  });
});
