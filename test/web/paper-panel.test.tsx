// @vitest-environment jsdom
/** The paper panel: a region named by the title, links out, coverage, sortable lists, authors, and literal text. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { PaperPanel, type PaperPanelProps } from "../../web/src/components/PaperPanel.tsx";
import type { ReachedPaper, SimilarPaper } from "../../web/src/core/api/types.ts";
import { HOSTILE_TITLE, INSTRUCT, METROLOGY, SOCIO, brief, paperDetail } from "./fixtures.ts";

const reached = (p: ReturnType<typeof brief>, relevance = 0): ReachedPaper => ({ ...p, depth: 1, relevance });
const BERTSCORE = brief("arxiv:1904.09675", "BERTScore: Evaluating Text Generation with BERT", 2019, {
  arxivId: "1904.09675",
  firstAuthor: "Tianyi Zhang",
  authorCount: 5,
  builtByCount: 40,
});

afterEach(cleanup);

function renderPanel(props: Partial<PaperPanelProps> = {}) {
  const handlers = { onSelect: vi.fn(), onHighlight: vi.fn(), onPathFrom: vi.fn(), onPathTo: vi.fn(), onClose: vi.fn() };
  const view = render(
    <PaperPanel
      paper={paperDetail()}
      buildsOn={{ status: "ready", data: [reached(INSTRUCT, 0.1), reached(BERTSCORE, 0.4)] }}
      builtBy={{ status: "ready", data: [reached(METROLOGY)] }}
      highlight={null}
      {...handlers}
      {...props}
    />,
  );
  const props0 = (): PaperPanelProps => ({
    paper: paperDetail(),
    buildsOn: { status: "ready", data: [reached(INSTRUCT, 0.1), reached(BERTSCORE, 0.4)] },
    builtBy: { status: "ready", data: [reached(METROLOGY)] },
    highlight: null,
    ...handlers,
  });
  return { ...view, ...handlers, props: props0 };
}

describe("PaperPanel", () => {
  it("says a year is derived from the arXiv identifier when no page gives one, and that a year is unknown", () => {
    renderPanel({ paper: paperDetail({ year: 2022, yearDerived: true, arxivId: "2211.09110" }) });
    expect(screen.getByText("2022 (from its arXiv identifier)").getAttribute("title")).toContain("2211.09110");
    cleanup();
    renderPanel({ paper: paperDetail({ year: null, arxivId: null }) });
    expect(screen.getByText(/Year unknown/)).toBeTruthy();
    expect(screen.queryByText(/from its arXiv identifier/)).toBeNull();
  });

  it("shows the user's own note as text, markup and all, never as HTML", () => {
    const text = `## What I took from it\n\n- a *claim* worth checking\n${HOSTILE_TITLE}`;
    const { container } = renderPanel({ paper: paperDetail({ notes: [{ source: "/notes/helm.md", text }] }) });
    const note = screen.getByText((_, el) => el?.className === "note-text");
    expect(note.textContent).toBe(text);
    expect(note.getAttribute("title")).toBe("/notes/helm.md");
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText("Your note")).toBeTruthy();
  });

  it("is a region named by the paper's title", () => {
    renderPanel();
    const region = screen.getByRole("region", { name: "Rethinking Model Evaluation as Narrowing the Socio-Technical Gap" });
    expect(within(region).getByRole("heading", { level: 2 }).textContent).toBe("Rethinking Model Evaluation as Narrowing the Socio-Technical Gap");
  });

  it("lists what it builds on and what builds on it, and selects from them", () => {
    const { onSelect } = renderPanel();
    const buildsOn = screen.getByRole("list", { name: "Builds on" });
    const builtBy = screen.getByRole("list", { name: "Built on by" });
    expect(within(buildsOn).getAllByRole("listitem")).toHaveLength(2);
    expect(within(builtBy).getAllByRole("listitem")).toHaveLength(1);
    fireEvent.click(within(builtBy).getByRole("button", { name: /Benchmarks as Microscopes/ }));
    expect(onSelect).toHaveBeenCalledWith(reached(METROLOGY));
  });

  it("sorts a list by relevance, year or citations from a keyboard-reachable control", () => {
    renderPanel();
    const titles = () =>
      within(screen.getByRole("list", { name: "Builds on" }))
        .getAllByRole("listitem")
        .map((li) => li.querySelector(".paper-list-title")?.textContent);
    const sort = screen.getByRole("combobox", { name: "Sort Builds on" }) as HTMLSelectElement;
    // Relevance: BERTScore ties more of its citations to this paper.
    expect(titles()).toEqual([BERTSCORE.title, INSTRUCT.title]);
    fireEvent.change(sort, { target: { value: "newest" } });
    expect(titles()).toEqual([INSTRUCT.title, BERTSCORE.title]);
    fireEvent.change(sort, { target: { value: "oldest" } });
    expect(titles()).toEqual([BERTSCORE.title, INSTRUCT.title]);
    fireEvent.change(sort, { target: { value: "citations" } });
    expect(titles()).toEqual([BERTSCORE.title, INSTRUCT.title]);
    sort.focus();
    expect(document.activeElement).toBe(sort);
  });

  it("lists each paper with its year, identifier, citations and first author, who can be searched", () => {
    const onAuthor = vi.fn();
    renderPanel({ onAuthor });
    const item = within(screen.getByRole("list", { name: "Builds on" })).getAllByRole("listitem")[0] as HTMLElement;
    expect(item.querySelector(".paper-list-meta")?.textContent).toBe("2019 · arXiv:1904.09675 · cited by 40 in this map");
    fireEvent.click(within(item).getByRole("button", { name: "Tianyi Zhang et al." }));
    expect(onAuthor).toHaveBeenCalledWith("Tianyi Zhang");
  });

  it("lists the paper's authors as people, each a button that searches their papers", () => {
    const onAuthor = vi.fn();
    renderPanel({ onAuthor });
    const authors = screen.getByLabelText("Authors");
    expect(authors.textContent).toBe("Q. Vera Liao, Ziang Xiao");
    fireEvent.click(within(authors).getByRole("button", { name: "Ziang Xiao" }));
    expect(onAuthor).toHaveBeenCalledWith("Ziang Xiao");
  });

  it("lists similar papers as prior and derivative works, each with why it was chosen", () => {
    const evidence = { coCitedWith: [], sharedReferencesWith: [], builtOnBySeeds: [], buildsOnSeeds: [], similarText: null, citedBy: 0 };
    const similar: SimilarPaper[] = [
      { ...METROLOGY, coCitations: 3, sharedReferences: 1, score: 0.5, reason: "co-cited with it by 3 papers", relation: "derivative", evidence },
      { ...SOCIO, coCitations: 0, sharedReferences: 4, score: 0.7, reason: "shares 4 references with it", relation: "prior", evidence },
    ];
    renderPanel({ similar: { status: "ready", data: similar } });
    const headings = screen.getAllByRole("heading", { level: 4 }).map((h) => h.textContent);
    expect(headings).toEqual(["Older, often cited with it", "Newer, cites what it cites"]);
    const prior = screen.getByRole("list", { name: "Older, often cited with it" });
    expect(within(prior).getByText("shares 4 references with it")).toBeTruthy();
    expect(within(prior).queryByText(METROLOGY.title ?? "")).toBeNull();
    const derivative = screen.getByRole("list", { name: "Newer, cites what it cites" });
    expect(within(derivative).getByText("co-cited with it by 3 papers")).toBeTruthy();
  });

  it("says when no paper is similar", () => {
    renderPanel({ similar: { status: "ready", data: [] } });
    expect(screen.getByText(/No paper shares a citing paper/)).toBeTruthy();
  });

  it("reports counts with their source and coverage", () => {
    renderPanel();
    // The page's "builds on 24 of its 57 references that are in the map" counts references in its map.
    expect(screen.getByText("Of its 57 references, 24 are in the mlsanity map (page data through 2026-10-14); 24 are in this graph.")).toBeTruthy();
    // Two figures, each with its meaning: never one bare "citations".
    expect(screen.getByText("Cited by 30 in this map.")).toBeTruthy();
    expect(screen.getByText("56 citations reported by 000_f241d60728b6496d.txt (data through 2026-10-14).")).toBeTruthy();
  });

  it("says when no count was reported", () => {
    const paper = paperDetail({ citedByCount: null, citedByReport: null, builtByCount: 0 });
    paper.coverage = {
      buildsOn: { inGraph: 3, reportedInMap: null, reportedTotal: null, source: null, dataThrough: null },
      builtBy: { inGraph: 1, reported: null, source: null, dataThrough: null },
    };
    renderPanel({ paper });
    expect(screen.getByText("Builds on 3 papers in this graph (no reported reference count).")).toBeTruthy();
    expect(screen.getByText("Not cited in this map.")).toBeTruthy();
    expect(screen.getByText("No reported citation count.")).toBeTruthy();
  });

  it("links identifiers out safely", () => {
    renderPanel();
    const arxiv = screen.getByRole("link", { name: "2306.03100" });
    expect(arxiv.getAttribute("href")).toBe("https://arxiv.org/abs/2306.03100");
    expect(arxiv.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByRole("link", { name: "10.1000/xyz<1>" }).getAttribute("href")).toBe("https://doi.org/10.1000/xyz%3C1%3E");
    expect(screen.getByRole("link", { name: "2023.acl-long.1" }).getAttribute("href")).toBe("https://aclanthology.org/2023.acl-long.1/");
    for (const link of screen.getAllByRole("link")) expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("never links a javascript: URL from a scraped page", () => {
    renderPanel();
    expect(screen.getByRole("link", { name: "A safe recommendation" }).getAttribute("href")).toBe("https://example.org/paper");
    expect(screen.queryByRole("link", { name: "A hostile recommendation" })).toBeNull();
    expect(screen.getByText("A hostile recommendation")).toBeTruthy();
  });

  it("renders a hostile title literally", () => {
    const { container } = renderPanel({ paper: paperDetail({ title: HOSTILE_TITLE, abstract: "<script>alert(2)</script>" }) });
    const region = screen.getByRole("region", { name: HOSTILE_TITLE });
    expect(within(region).getByRole("heading", { level: 2 }).textContent).toBe(HOSTILE_TITLE);
    expect(screen.getByText("<script>alert(2)</script>")).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
  });

  it("draws citations per year, filling missing years with zero", () => {
    renderPanel();
    expect(screen.getByRole("img", { name: "Citations per year: 2023: 4, 2024: 10, 2025: 0, 2026: 2" })).toBeTruthy();
  });

  it("shows the editorial summary when there is no abstract", () => {
    renderPanel({ paper: paperDetail({ abstract: null, editorial: { summary: "VRS-Eval is a new framework.", takeaway: "Do not trust leaderboards." } }) });
    expect(screen.getByText("VRS-Eval is a new framework.")).toBeTruthy();
    expect(screen.getByText("Do not trust leaderboards.")).toBeTruthy();
  });

  it("asks for a highlight set and depth", () => {
    const first = renderPanel();
    fireEvent.change(screen.getByRole("combobox", { name: "Set" }), { target: { value: "builtBy" } });
    expect(first.onHighlight).toHaveBeenCalledWith({ direction: "builtBy", depth: 1 });
    first.unmount();
    const second = renderPanel({ highlight: { direction: "builtBy", depth: 1 }, highlightSize: { status: "ready", data: 12 } });
    fireEvent.change(screen.getByRole("combobox", { name: "Depth" }), { target: { value: "3" } });
    expect(second.onHighlight).toHaveBeenCalledWith({ direction: "builtBy", depth: 3 });
    expect(screen.getByText("12 papers highlighted")).toBeTruthy();
  });

  it("starts a path from or to this paper", () => {
    const { onPathFrom, onPathTo } = renderPanel();
    fireEvent.click(screen.getByRole("button", { name: "Path from here" }));
    fireEvent.click(screen.getByRole("button", { name: "Path to here" }));
    expect(onPathFrom).toHaveBeenCalledOnce();
    expect(onPathTo).toHaveBeenCalledOnce();
  });

  it("makes the paper a seed or puts it on the reading list, when asked to offer that", () => {
    renderPanel();
    expect(screen.queryByRole("button", { name: "Add as seed" })).toBeNull();
    cleanup();
    const onToggleSeed = vi.fn();
    const onAddToReadingList = vi.fn();
    renderPanel({ onToggleSeed, onAddToReadingList });
    fireEvent.click(screen.getByRole("button", { name: "Add as seed" }));
    fireEvent.click(screen.getByRole("button", { name: "Add to reading list" }));
    expect(onToggleSeed).toHaveBeenCalledOnce();
    expect(onAddToReadingList).toHaveBeenCalledOnce();
    cleanup();
    renderPanel({ onToggleSeed, onAddToReadingList, isSeed: true, inReadingList: true });
    expect(screen.getByRole("button", { name: "Remove as seed" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "On the reading list" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says in place that the paper became a seed, and which, until it stops being one", () => {
    const onToggleSeed = vi.fn();
    const view = renderPanel({ onToggleSeed, seedCount: 1 });
    // A polite live region beside the buttons (not a second role=status beside the search box's).
    const said = () => view.container.querySelector('.seed-change[aria-live="polite"]')?.textContent;
    expect(said()).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Add as seed" }));
    // Until the explorer's state says it is a seed, the panel claims nothing.
    expect(said()).toBe("");
    view.rerender(<PaperPanel {...view.props()} onToggleSeed={onToggleSeed} isSeed seedCount={2} />);
    expect(said()).toBe("✓ Seed 2 of the reading list and the lineage view");
    fireEvent.click(screen.getByRole("button", { name: "Remove as seed" }));
    view.rerender(<PaperPanel {...view.props()} onToggleSeed={onToggleSeed} isSeed={false} seedCount={1} />);
    expect(said()).toBe("Removed from the seeds");
    // Another paper starts with nothing said.
    view.rerender(<PaperPanel {...view.props()} paper={paperDetail({ id: "arxiv:other" })} onToggleSeed={onToggleSeed} seedCount={1} />);
    expect(said()).toBe("");
  });
});
