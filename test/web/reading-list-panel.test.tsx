// @vitest-environment jsdom
/**
 * The reading-list panel over its reducer: reordering keeps each paper's reason and the keyboard
 * focus, removing, generating, saving, and the export menu (a Blob URL behind `<a download>`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useReducer } from "react";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ReadingListPanel, type ReadingListPanelProps } from "../../web/src/components/ReadingListPanel.tsx";
import { EMPTY_READING_LIST, readingListReducer } from "../../web/src/core/reading-list/index.ts";
import type { ReadingListState } from "../../web/src/core/reading-list/types.ts";
import { AI_EVERYTHING, HOSTILE_TITLE, INSTRUCT, METROLOGY, SOCIO, brief, readingItem } from "./fixtures.ts";

const ITEMS = [readingItem(AI_EVERYTHING, "built on by 2 of your 2 seeds"), readingItem(INSTRUCT, "cited by 18,132 papers"), readingItem(SOCIO, "on the main path from X to Y")];
const LOADED: ReadingListState = { ...EMPTY_READING_LIST, saved: "Evaluation", items: ITEMS, origin: { kind: "saved", name: "Evaluation" } };

type Handlers = Omit<ReadingListPanelProps, "state" | "dispatch" | "seeds" | "selectedPaper" | "operation" | "opening" | "savedLists" | "shareUrl">;

function Harness({ initial, handlers, extra }: { initial: ReadingListState; handlers: Handlers; extra: Partial<ReadingListPanelProps> }) {
  const [state, dispatch] = useReducer(readingListReducer, initial);
  return (
    <ReadingListPanel
      state={state}
      dispatch={dispatch}
      seeds={[]}
      selectedPaper={null}
      operation={{ kind: "idle" }}
      opening={null}
      savedLists={{ status: "ready", data: [{ name: "Evaluation", description: "", items: 3, createdAt: "", updatedAt: "" }] }}
      shareUrl="http://127.0.0.1:5173/?list=Evaluation"
      {...handlers}
      {...extra}
    />
  );
}

function renderPanel(initial: ReadingListState = LOADED, extra: Partial<ReadingListPanelProps> = {}) {
  const handlers = {
    onGenerate: vi.fn(),
    onRemoveSeed: vi.fn(),
    onSave: vi.fn(),
    onOpen: vi.fn(),
    onDeleteSaved: vi.fn(),
    onExport: vi.fn(async () => ({ filename: "evaluation.bib", type: "application/x-bibtex", text: "@misc{x,\n}\n" })),
    onSelect: vi.fn(),
    onClose: vi.fn(),
  };
  render(<Harness initial={initial} handlers={handlers} extra={extra} />);
  return handlers;
}

/** Each row as "title | reason". */
function rows(): string[] {
  const list = screen.getByRole("list", { name: "Reading order" });
  return within(list)
    .getAllByRole("listitem")
    .map((li) => `${li.querySelector(".reading-title")?.textContent} | ${li.querySelector(".reading-reason")?.textContent}`);
}

function row(title: string | null): HTMLElement {
  const li = within(screen.getByRole("list", { name: "Reading order" }))
    .getAllByRole("listitem")
    .find((el) => el.querySelector(".reading-title")?.textContent === title);
  if (!li) throw new Error(`no row "${title}"`);
  return li;
}

let createObjectURL: ReturnType<typeof vi.fn>;
let revokeObjectURL: ReturnType<typeof vi.fn>;

beforeEach(() => {
  createObjectURL = vi.fn(() => "blob:http://127.0.0.1/1234");
  revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("ReadingListPanel", () => {
  it("is a region named Reading list with every paper's reason, in order", () => {
    renderPanel();
    expect(screen.getByRole("region", { name: "Reading list" })).toBeTruthy();
    expect(rows()).toEqual([`${AI_EVERYTHING.title} | built on by 2 of your 2 seeds`, `${INSTRUCT.title} | cited by 18,132 papers`, `${SOCIO.title} | on the main path from X to Y`]);
    expect(screen.getByText("Saved list “Evaluation”.")).toBeTruthy();
  });

  it("reorders with Move up / Move down, keeping each reason with its paper and the focus on the moved paper", () => {
    renderPanel();
    const first = within(row(AI_EVERYTHING.title)).getByRole("button", { name: "Move up" }) as HTMLButtonElement;
    expect(first.disabled).toBe(true);
    expect((within(row(SOCIO.title)).getByRole("button", { name: "Move down" }) as HTMLButtonElement).disabled).toBe(true);

    const down = within(row(AI_EVERYTHING.title)).getByRole("button", { name: "Move down" });
    down.focus();
    fireEvent.click(down);
    expect(rows()).toEqual([`${INSTRUCT.title} | cited by 18,132 papers`, `${AI_EVERYTHING.title} | built on by 2 of your 2 seeds`, `${SOCIO.title} | on the main path from X to Y`]);
    expect(document.activeElement).toBe(within(row(AI_EVERYTHING.title)).getByRole("button", { name: "Move down" }));
    expect(screen.getByText(`Moved “${AI_EVERYTHING.title}” to position 2 of 3.`)).toBeTruthy();
    expect(screen.getByText("Saved list “Evaluation” · unsaved changes.")).toBeTruthy();

    // At the bottom, "Move down" is disabled: the focus goes to "Move up" of the same paper.
    fireEvent.click(within(row(AI_EVERYTHING.title)).getByRole("button", { name: "Move down" }));
    expect(rows().at(-1)).toBe(`${AI_EVERYTHING.title} | built on by 2 of your 2 seeds`);
    expect(document.activeElement).toBe(within(row(AI_EVERYTHING.title)).getByRole("button", { name: "Move up" }));

    fireEvent.click(within(row(SOCIO.title)).getByRole("button", { name: "Move up" }));
    expect(rows().map((r) => r.split(" | ")[0])).toEqual([SOCIO.title, INSTRUCT.title, AI_EVERYTHING.title]);
    expect(rows()[0]).toBe(`${SOCIO.title} | on the main path from X to Y`);
  });

  it("describes each move button by its paper's title", () => {
    renderPanel();
    const up = within(row(INSTRUCT.title)).getByRole("button", { name: "Move up" });
    const described = up.getAttribute("aria-describedby");
    expect(described && document.getElementById(described)?.textContent).toBe(INSTRUCT.title);
  });

  it("removes a paper and moves the focus to the next one", () => {
    renderPanel();
    fireEvent.click(within(row(INSTRUCT.title)).getByRole("button", { name: "Remove" }));
    expect(rows().map((r) => r.split(" | ")[0])).toEqual([AI_EVERYTHING.title, SOCIO.title]);
    expect(screen.getByText(`Removed “${INSTRUCT.title}”.`)).toBeTruthy();
    expect(document.activeElement).toBe(within(row(SOCIO.title)).getByRole("button", { name: "Remove" }));
    fireEvent.click(within(row(SOCIO.title)).getByRole("button", { name: "Remove" }));
    fireEvent.click(within(row(AI_EVERYTHING.title)).getByRole("button", { name: "Remove" }));
    expect(screen.queryByRole("list", { name: "Reading order" })).toBeNull();
    expect(screen.getByText("The list is empty.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Reading list" }));
  });

  it("selects a paper from the list", () => {
    const { onSelect } = renderPanel();
    fireEvent.click(screen.getByRole("button", { name: SOCIO.title ?? "" }));
    expect(onSelect).toHaveBeenCalledWith(ITEMS[2]);
  });

  it("generates from the seeds or the selected paper, and removes seeds", () => {
    const none = renderPanel(EMPTY_READING_LIST);
    expect((screen.getByRole("button", { name: "Generate reading list" }) as HTMLButtonElement).disabled).toBe(true);
    expect(none.onGenerate).not.toHaveBeenCalled();
    cleanup();

    const selected = renderPanel(EMPTY_READING_LIST, { selectedPaper: { ref: "2407.16711", title: METROLOGY.title ?? "" } });
    expect(screen.getByText(`From the selected paper, “${METROLOGY.title}”.`, { exact: false })).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Papers" }), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Generate reading list" }));
    expect(selected.onGenerate).toHaveBeenCalledWith(30);
    cleanup();

    const seeded = renderPanel(EMPTY_READING_LIST, { seeds: [{ ref: "2407.16711", title: METROLOGY.title ?? "" }] });
    fireEvent.click(screen.getByRole("button", { name: `Remove seed ${METROLOGY.title}` }));
    expect(seeded.onRemoveSeed).toHaveBeenCalledWith("2407.16711");
  });

  it("saves under a name, warns before replacing another list, and shares the saved one by link", () => {
    const { onSave } = renderPanel({ ...LOADED, saved: null, origin: { kind: "generated", seeds: ["A", "B"] } });
    expect(screen.getByText("Generated from 2 seeds, foundations first · not saved.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Link to/ })).toBeNull();
    const name = screen.getByRole("textbox", { name: "List name" });
    fireEvent.change(name, { target: { value: "  Evaluation " } });
    expect(screen.getByText("Saving replaces the saved list “Evaluation”.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save list" }));
    expect(onSave).toHaveBeenCalledWith("Evaluation");
    cleanup();

    renderPanel();
    expect(screen.getByRole("link", { name: "Link to “Evaluation”" }).getAttribute("href")).toBe("http://127.0.0.1:5173/?list=Evaluation");
    expect((screen.getByRole("textbox", { name: "List name" }) as HTMLInputElement).value).toBe("Evaluation");
  });

  it("opens a saved list and deletes the current one after confirming", () => {
    const { onOpen, onDeleteSaved } = renderPanel({ ...LOADED, saved: "Other", origin: { kind: "saved", name: "Other" } });
    fireEvent.change(screen.getByRole("combobox", { name: "Saved lists" }), { target: { value: "Evaluation" } });
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(onOpen).toHaveBeenCalledWith("Evaluation");
    fireEvent.click(screen.getByRole("button", { name: "Delete saved list…" }));
    expect(onDeleteSaved).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(onDeleteSaved).toHaveBeenCalledOnce();
  });

  it("exports through a menu of six formats into a Blob URL download", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    const { onExport } = renderPanel();
    const button = screen.getByRole("button", { name: "Export ▾" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("menu", { name: "Export formats" });
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual(["Markdown (.md)", "BibTeX (.bib)", "CSL-JSON (.csl.json)", "RIS (.ris)", "JSON (.json)", "Zotero, into a collection (.bib)"]);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: "ArrowUp" });
    fireEvent.keyDown(menu, { key: "ArrowUp" });
    expect(document.activeElement).toBe(items[5]);
    fireEvent.keyDown(menu, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    await act(async () => {
      fireEvent.click(screen.getByRole("menuitem", { name: "BibTeX (.bib)" }));
    });
    expect(onExport).toHaveBeenCalledWith("bibtex");
    expect(createObjectURL).toHaveBeenCalledOnce();
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe("application/x-bibtex");
    expect(await blob.text()).toBe("@misc{x,\n}\n");
    expect(click).toHaveBeenCalledOnce();
    const link = screen.getByRole("link", { name: "Download evaluation.bib" });
    expect(link.getAttribute("href")).toBe("blob:http://127.0.0.1/1234");
    expect(link.getAttribute("download")).toBe("evaluation.bib");

    fireEvent.click(button);
    await act(async () => {
      fireEvent.click(screen.getByRole("menuitem", { name: "RIS (.ris)" }));
    });
    expect(onExport).toHaveBeenLastCalledWith("ris");
    expect(revokeObjectURL).toHaveBeenCalledWith("blob:http://127.0.0.1/1234");
  });

  it("says why an export failed, and offers no export for an empty list", async () => {
    renderPanel(LOADED, { onExport: vi.fn(async () => Promise.reject(new Error("format must be one of md (400 from /api/lists/x/export)"))) });
    fireEvent.click(screen.getByRole("button", { name: "Export ▾" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("menuitem", { name: "JSON (.json)" }));
    });
    expect(screen.getByText(/^Export failed: format must be one of md/)).toBeTruthy();
    cleanup();
    renderPanel(EMPTY_READING_LIST);
    expect((screen.getByRole("button", { name: "Export ▾" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows markup in titles and reasons as literal text", () => {
    const hostile = brief("title:x", HOSTILE_TITLE, 2020);
    const { onClose } = renderPanel({ ...LOADED, items: [readingItem(hostile, HOSTILE_TITLE)] });
    expect(rows()).toEqual([`${HOSTILE_TITLE} | ${HOSTILE_TITLE}`]);
    expect(document.querySelector("img")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Close reading list" }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
