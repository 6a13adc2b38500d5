// @vitest-environment jsdom
/** The search box: a combobox whose options come from /api/search; choosing one calls back. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, configure, fireEvent, render, screen, within } from "@testing-library/react";
import { SearchBox, type SearchRequest } from "../../web/src/components/SearchBox.tsx";
import type { SearchHit } from "../../web/src/core/api/types.ts";
import { METROLOGY, SOCIO } from "./fixtures.ts";

// findBy* waits for the options to render; its default of 1 s was a deadline, not a safety net.
configure({ asyncUtilTimeout: 60_000 });

const HITS: SearchHit[] = [
  { ...METROLOGY, venue: null, score: 17, match: { how: "words", field: "title" }, firstAuthor: "Michael Saxon", authorCount: 6, builtByCount: 33 },
  {
    ...SOCIO,
    venue: "FAccT",
    score: 9,
    match: { how: "alias", alias: { alias: "Socio-Technical Gap", kind: "title-name", source: "the name its title ends with" } },
    firstAuthor: "Q. Vera Liao",
    authorCount: 2,
    builtByCount: 30,
    citedByCount: 56,
    citedByReport: { by: "000_f241d60728b6496d.txt", through: "2026-10-14", read: "2026-10-15" },
  },
];

/** The result options (the sort control's own options are not results). */
function results(): HTMLElement[] {
  return within(screen.getByRole("listbox", { hidden: true })).queryAllByRole("option");
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    const q = new URL(url, "http://localhost").searchParams.get("q") ?? "";
    const results = q === "nothing" ? [] : HITS;
    return { ok: true, status: 200, statusText: "OK", json: async () => ({ query: q, results }) };
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("SearchBox", () => {
  it("shows options from the API and calls back with the clicked one", async () => {
    const onSelect = vi.fn();
    render(<SearchBox onSelect={onSelect} debounceMs={0} />);
    const input = screen.getByRole("combobox", { name: "Search papers" });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "metrology" } });
    await screen.findAllByRole("option", { name: /Benchmarks as Microscopes/ });
    expect(results().map((o) => o.textContent)).toEqual([
      "Benchmarks as Microscopes: A Call for Model Metrology" + "Michael Saxon et al. · 2024 · arXiv:2407.16711" + "cited by 33 in this map",
      "Rethinking Model Evaluation as Narrowing the Socio-Technical Gap" +
        "Q. Vera Liao and 1 other · 2023 · FAccT · arXiv:2306.03100" +
        "cited by 30 in this map · 56 reported by 000_f241d60728b6496d.txt (Oct 2026)" +
        "known as “Socio-Technical Gap”: the name its title ends with",
    ]);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/api/search?q=metrology&limit=12");
    expect(input.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(screen.getByRole("option", { name: /Rethinking Model Evaluation/ }));
    expect(onSelect).toHaveBeenCalledWith(HITS[1]);
    expect(results()).toHaveLength(0);
  });

  it("keeps the server's order for relevance: a paper named exactly before word matches that score higher", async () => {
    const named = { ...HITS[1], score: 1.2, match: { how: "alias", alias: { alias: "SocioGap", kind: "task-name", source: "a task" } } } as SearchHit;
    fetchMock.mockImplementation(async () => ({ ok: true, status: 200, statusText: "OK", json: async () => ({ query: "sociogap", results: [named, HITS[0]] }) }));
    render(<SearchBox onSelect={vi.fn()} debounceMs={0} />);
    const input = screen.getByRole("combobox", { name: "Search papers" });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "sociogap" } });
    await screen.findAllByRole("option", { name: /Benchmarks as Microscopes/ });
    expect(results().map((o) => o.querySelector(".result-title")?.textContent)).toEqual([SOCIO.title, METROLOGY.title]);
  });

  it("sorts the results by year or citations and keeps the list open while sorting", async () => {
    render(<SearchBox onSelect={vi.fn()} debounceMs={0} />);
    const input = screen.getByRole("combobox", { name: "Search papers" });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "evaluation" } });
    await screen.findAllByRole("option", { name: /Benchmarks as Microscopes/ });
    const sort = screen.getByRole("combobox", { name: "Sort search results" });
    fireEvent.blur(input, { relatedTarget: sort });
    fireEvent.change(sort, { target: { value: "oldest" } });
    expect(results().map((o) => o.querySelector(".result-title")?.textContent)).toEqual([SOCIO.title, METROLOGY.title]);
    // Most cited in this map: 33 against 30 (a page's reported 56 is another collection's figure).
    fireEvent.change(sort, { target: { value: "citations" } });
    expect(results().map((o) => o.querySelector(".result-title")?.textContent)).toEqual([METROLOGY.title, SOCIO.title]);
    fireEvent.change(sort, { target: { value: "relevance" } });
    expect(results().map((o) => o.querySelector(".result-title")?.textContent)).toEqual([METROLOGY.title, SOCIO.title]);
  });

  it("searches a query asked for from elsewhere (an author's name)", async () => {
    const { rerender } = render(<SearchBox onSelect={vi.fn()} debounceMs={0} request={null} />);
    const request: SearchRequest = { text: "Q. Vera Liao", n: 1 };
    rerender(<SearchBox onSelect={vi.fn()} debounceMs={0} request={request} />);
    const input = screen.getByRole("combobox", { name: "Search papers" }) as HTMLInputElement;
    expect(input.value).toBe("Q. Vera Liao");
    await screen.findAllByRole("option", { name: /Rethinking/ });
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe("/api/search?q=Q.+Vera+Liao&limit=12");
    expect(document.activeElement).toBe(input);
  });

  it("moves through options with the arrow keys and selects with Enter", async () => {
    const onSelect = vi.fn();
    render(<SearchBox onSelect={onSelect} debounceMs={0} />);
    const input = screen.getByRole("combobox", { name: "Search papers" });
    fireEvent.change(input, { target: { value: "evaluation" } });
    await screen.findAllByRole("option", { name: /Benchmarks as Microscopes/ });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    const active = input.getAttribute("aria-activedescendant");
    expect(active && document.getElementById(active)?.textContent).toMatch(/^Rethinking Model Evaluation/);
    expect(screen.getByRole("option", { name: /Rethinking/ }).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onSelect).toHaveBeenCalledWith(HITS[1]);
  });

  it("says when nothing matches, and Escape closes then clears", async () => {
    render(<SearchBox onSelect={vi.fn()} debounceMs={0} />);
    const input = screen.getByRole("combobox", { name: "Search papers" }) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "nothing" } });
    expect(await screen.findByText("No paper matches “nothing”.", { selector: ".search-note" })).toBeTruthy();
    fireEvent.keyDown(input, { key: "Escape" });
    expect(input.value).toBe("");
  });

  it("shows the server's error in one line", async () => {
    fetchMock.mockImplementation(async () => ({ ok: false, status: 400, statusText: "Bad Request", json: async () => ({ error: "q: too long" }) }));
    render(<SearchBox onSelect={vi.fn()} debounceMs={0} />);
    const input = screen.getByRole("combobox", { name: "Search papers" });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "x" } });
    expect(await screen.findByText(/^Search failed: q: too long \(400 from \/api\/search\?q=x&limit=12\)$/, { selector: ".search-note" })).toBeTruthy();
  });
});
