// @vitest-environment jsdom
/**
 * The explorer's grow controls in jsdom, against a stand-in fetch: the Add paper box says an
 * invalid identifier inline and sends nothing, sends a valid one and follows its job, selects the
 * paper once the map answers for it, says what going without an API key means for the API an
 * identifier goes to before anything is sent, and is one offline line on an offline server; the findings
 * list offers Add to map only online, Dismiss always, and keeps hostile titles and sentences as
 * text; the watch panel shows the last check's time and runs a check; citation contexts are worded
 * "cites it as …", bounded with "Show more", and hostile sentences stay text.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AddPaperBox } from "../../web/src/components/grow/AddPaperBox.tsx";
import { CitationContextsView } from "../../web/src/components/grow/CitationContexts.tsx";
import { FindingsList } from "../../web/src/components/grow/FindingsList.tsx";
import { WatchPanel } from "../../web/src/components/grow/WatchPanel.tsx";
import { ExpandButton } from "../../web/src/components/grow/ExpandButton.tsx";
import { citesAs } from "../../web/src/components/grow/citation-wording.ts";
import { forgetOnline } from "../../web/src/hooks/use-online.ts";
import type { CitationContextsResponse } from "../../api/types.ts";
import { context, fakeServer, finding, HOSTILE, jobOf, OFFLINE, ONLINE, watchState } from "./grow-fixtures.ts";

const COLLECTIONS = { "GET /api/collections": () => ({ status: 200, body: [{ name: "map" }] }) };

beforeEach(() => forgetOnline());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noScriptRan = () => expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();

describe("the Add paper box", () => {
  it("says an invalid identifier inline and sends nothing", async () => {
    const sent = fakeServer({ "GET /api/online": () => ({ status: 200, body: ONLINE }), ...COLLECTIONS });
    render(<AddPaperBox onAdded={vi.fn()} />);
    const input = await screen.findByRole("textbox", { name: "Add paper by identifier" });
    fireEvent.change(input, { target: { value: "Attention Over Invented Things" } });
    fireEvent.click(screen.getByRole("button", { name: "Add paper" }));
    expect(screen.getByRole("alert").textContent).toMatch(/“Attention Over Invented Things” is not an identifier: type a DOI/);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(input, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Add paper" }));
    expect(screen.getByRole("alert").textContent).toMatch(/^Type a DOI/);
    expect(sent.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("sends a valid identifier, shows the job, and selects the paper once the map answers for it", async () => {
    let polls = 0;
    const sent = fakeServer({
      "GET /api/online": () => ({ status: 200, body: ONLINE }),
      ...COLLECTIONS,
      "POST /api/collections/map/add": () => ({ status: 202, body: jobOf() }),
      "GET /api/jobs/7": () => ({ status: 200, body: jobOf({ state: "done", elapsedSeconds: 2 }) }),
      // The live graph has not loaded it the first time it is asked for.
      "GET /api/papers/10.5555%2Finvented.1": () => (++polls < 2 ? { status: 404, body: { error: "no paper" } } : { status: 200, body: { id: "doi:10.5555/invented.1" } }),
    });
    const onAdded = vi.fn();
    render(<AddPaperBox onAdded={onAdded} />);
    fireEvent.change(await screen.findByRole("textbox", { name: "Add paper by identifier" }), { target: { value: " 10.5555/invented.1 " } });
    fireEvent.click(screen.getByRole("button", { name: "Add paper" }));
    // Done, but not in the map yet: the box says so while it asks again.
    expect(await screen.findByText("Waiting for the map to show it…")).toBeDefined();
    expect(screen.getByRole("status").textContent).toMatch(/Adding 10\.5555\/invented\.1: done in 2 s/);
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith("10.5555/invented.1"));
    expect(sent.find((r) => r.method === "POST")).toEqual({ method: "POST", path: "/api/collections/map/add", body: { ref: "10.5555/invented.1" } });
    expect(polls).toBe(2);
    // Selected: the status closes.
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says the server's reason when it refuses the job", async () => {
    fakeServer({
      "GET /api/online": () => ({ status: 200, body: ONLINE }),
      ...COLLECTIONS,
      "POST /api/collections/map/add": () => ({ status: 409, body: { error: "Expanding the list “Reading” is already running (job 3)" } }),
    });
    render(<AddPaperBox onAdded={vi.fn()} />);
    fireEvent.change(await screen.findByRole("textbox", { name: "Add paper by identifier" }), { target: { value: "arXiv:2409.90012" } });
    fireEvent.click(screen.getByRole("button", { name: "Add paper" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Expanding the list “Reading” is already running (job 3)");
  });

  it("says, before anything is sent, what going without a key means for the API the identifier goes to", async () => {
    const keyless = Object.assign({}, ONLINE, {
      keyless: [
        { source: "s2", note: "Semantic Scholar: no API key <b>shared pool</b>." },
        { source: "openalex", note: "OpenAlex: no API key; a day allows about a hundred list requests." },
      ],
    });
    const sent = fakeServer({ "GET /api/online": () => ({ status: 200, body: keyless }), ...COLLECTIONS });
    const { container } = render(<AddPaperBox onAdded={vi.fn()} />);
    const input = await screen.findByRole("textbox", { name: "Add paper by identifier" });
    expect(container.querySelector(".keyless-note")).toBeNull();
    fireEvent.change(input, { target: { value: "W9910000008" } });
    expect(container.querySelector(".keyless-note")?.textContent).toBe("OpenAlex: no API key; a day allows about a hundred list requests.");
    fireEvent.change(input, { target: { value: "10.5555/invented.1" } });
    // The server's words as text: markup in them stays characters.
    expect(container.querySelector(".keyless-note")?.textContent).toBe("Semantic Scholar: no API key <b>shared pool</b>.");
    expect(container.querySelector(".keyless-note b")).toBeNull();
    expect(sent.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("is one line saying how to go online when the server is offline", async () => {
    fakeServer({ "GET /api/online": () => ({ status: 200, body: OFFLINE }) });
    const { container } = render(<AddPaperBox onAdded={vi.fn()} />);
    await waitFor(() => expect(container.textContent).toMatch(/Offline: to add papers, start the server with lineage serve --online/));
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("Expand", () => {
  it("says in one line, opening to the whole note, that the server has no Semantic Scholar key", async () => {
    fakeServer({
      "GET /api/online": () => ({ status: 200, body: Object.assign({}, ONLINE, { keyless: [{ source: "s2", note: "Semantic Scholar: no API key (LINEAGE_S2_API_KEY)." }] }) }),
      ...COLLECTIONS,
    });
    const { container } = render(<ExpandButton target={{ ref: "doi:10.5555/invented.1" }} label="Expand this paper" />);
    await screen.findByRole("button", { name: "Expand this paper" });
    const note = container.querySelector("details.keyless-note");
    expect(note?.querySelector("summary")?.textContent).toBe("No Semantic Scholar key: requests share a busy pool and may wait");
    expect(note?.textContent).toContain("Semantic Scholar: no API key (LINEAGE_S2_API_KEY).");
  });

  it("sends depth 2 with its bound, and refuses a bound out of range before sending", async () => {
    const sent = fakeServer({
      "GET /api/online": () => ({ status: 200, body: ONLINE }),
      ...COLLECTIONS,
      "POST /api/collections/map/expand": () => ({ status: 202, body: jobOf({ kind: "expand", title: "Expanding “Invented” (depth 2, at most 30 papers)" }) }),
      "GET /api/jobs/7": () => ({ status: 200, body: jobOf({ kind: "expand", title: "Expanding “Invented” (depth 2, at most 30 papers)" }) }),
    });
    render(<ExpandButton target={{ ref: "doi:10.5555/invented.1" }} label="Expand this paper" />);
    fireEvent.change(await screen.findByRole("combobox", { name: "Expand depth" }), { target: { value: "2" } });
    const max = screen.getByRole("spinbutton", { name: "Expand at most, papers" });
    fireEvent.change(max, { target: { value: "5000" } });
    expect(screen.getByRole("button", { name: "Expand this paper" })).toHaveProperty("disabled", true);
    fireEvent.change(max, { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Expand this paper" }));
    expect(await screen.findByRole("progressbar")).toBeDefined();
    expect(screen.getByRole("status").textContent).toMatch(/3 requests queued, about 3 s left/);
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDefined();
    expect(sent.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([{ depth: 2, ref: "doi:10.5555/invented.1", maxPapers: 30 }]);
  });
});

describe("the findings of a watch check", () => {
  const findings = [
    finding(1),
    finding(2, { title: HOSTILE, cites: [{ ref: "r", title: HOSTILE, intents: ["background", "result"], isInfluential: true, contexts: [HOSTILE] }] }),
    finding(3, { state: "added" }),
    finding(4, { state: "dismissed" }),
  ];

  it("offer Add to map and Dismiss for new ones, Show in map for added ones, and hide dismissed ones", () => {
    const onAdd = vi.fn();
    const onDismiss = vi.fn();
    const onShow = vi.fn();
    render(<FindingsList findings={findings} online busy={false} onAdd={onAdd} onDismiss={onDismiss} onShow={onShow} />);
    const rows = within(screen.getByRole("list", { name: "New papers citing the list" }))
      .getAllByRole("listitem")
      .filter((li) => li.classList.contains("finding"));
    expect(rows.map((r) => r.dataset.finding)).toEqual(["W991000001", "W991000002", "W991000003"]);
    const [first, , added] = rows;
    expect(first?.textContent).toMatch(/An Invented Follow-up 1appeared 2030-02-01new in the last check/);
    expect(first?.textContent).toMatch(/cites “The Listed Paper” as method/);
    fireEvent.click(within(first as HTMLElement).getByRole("button", { name: "Add to map" }));
    expect(onAdd).toHaveBeenCalledWith(findings[0]);
    fireEvent.click(within(first as HTMLElement).getByRole("button", { name: "Dismiss" }));
    expect(onDismiss).toHaveBeenCalledWith(findings[0]);
    fireEvent.click(within(added as HTMLElement).getByRole("button", { name: "Show in map" }));
    expect(onShow).toHaveBeenCalledWith("10.5555/invented.follow.3");
  });

  it("keep hostile titles and citing sentences as text", () => {
    const { container } = render(<FindingsList findings={findings} online busy={false} onAdd={vi.fn()} onDismiss={vi.fn()} />);
    expect(container.querySelector("img, script")).toBeNull();
    expect(container.textContent).toContain(HOSTILE);
    expect(container.textContent).toContain("as background / result · influential");
    noScriptRan();
  });

  it("offer no Add to map offline, and Dismiss still", () => {
    render(<FindingsList findings={findings} online={false} busy={false} onAdd={vi.fn()} onDismiss={vi.fn()} />);
    expect(screen.queryByRole("button", { name: "Add to map" })).toBeNull();
    expect(screen.getAllByRole("button", { name: "Dismiss" })).toHaveLength(2);
  });

  it("say when no new paper cites the list", () => {
    render(<FindingsList findings={[finding(4, { state: "dismissed" })]} online busy={false} onAdd={vi.fn()} onDismiss={vi.fn()} />);
    expect(screen.getByText("No new papers cite the list.")).toBeDefined();
  });
});

describe("the watch panel", () => {
  it("shows the last check's time, runs a check when asked, and dismisses at once", async () => {
    const state = watchState([finding(1), finding(2)]);
    const sent = fakeServer({
      "GET /api/online": () => ({ status: 200, body: ONLINE }),
      ...COLLECTIONS,
      "GET /api/lists/Reading/watch": () => ({ status: 200, body: state }),
      "POST /api/collections/map/watch": () => ({ status: 202, body: jobOf({ kind: "watch", title: "Checking “Reading” for new papers" }) }),
      "GET /api/jobs/7": () => ({ status: 200, body: jobOf({ kind: "watch", title: "Checking “Reading” for new papers", state: "done" }) }),
      "POST /api/collections/map/watch/dismiss": () => ({ status: 200, body: watchState([finding(1), finding(2, { state: "dismissed" })]) }),
    });
    const { container } = render(<WatchPanel list="Reading" />);
    await waitFor(() => expect(container.querySelector("time")?.getAttribute("datetime")).toBe("2026-12-01T09:00:00.000Z"));
    expect(container.querySelector(".watch-last-check")?.textContent).toMatch(/on OpenAlex \(2 papers\): 2 new, 0 added, 0 dismissed/);
    fireEvent.click(screen.getByRole("button", { name: "Check for new papers" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(/Checking “Reading” for new papers: done/));
    // The state is read again once the check has ended.
    await waitFor(() => expect(sent.filter((r) => r.path === "/api/lists/Reading/watch")).toHaveLength(2));
    const [, second] = screen.getAllByRole("button", { name: "Dismiss" });
    fireEvent.click(second as HTMLElement);
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Dismiss" })).toHaveLength(1));
    expect(sent.find((r) => r.path.endsWith("/watch/dismiss"))?.body).toEqual({ list: "Reading", findings: ["W991000002"] });
  });

  it("offline, keeps the findings and Dismiss, and says how to go online instead of Check", async () => {
    fakeServer({
      "GET /api/online": () => ({ status: 200, body: OFFLINE }),
      "GET /api/lists/Reading/watch": () => ({ status: 200, body: watchState([finding(1)]) }),
    });
    const { container } = render(<WatchPanel list="Reading" />);
    await waitFor(() => expect(container.textContent).toMatch(/Offline: to check for new papers, start the server with lineage serve --online/));
    expect(screen.queryByRole("button", { name: "Check for new papers" })).toBeNull();
    expect(await screen.findByRole("button", { name: "Dismiss" })).toBeDefined();
  });

  it("says a list never checked has not been, and fetches nothing until asked", async () => {
    const sent = fakeServer({
      "GET /api/online": () => ({ status: 200, body: ONLINE }),
      "GET /api/lists/Reading/watch": () => ({ status: 200, body: watchState([], { watched: false, lastCheckedAt: null, source: null, papersChecked: 0 }) }),
    });
    render(<WatchPanel list="Reading" />);
    expect(await screen.findByText("Not checked yet: nothing is fetched until you ask.")).toBeDefined();
    expect(sent.filter((r) => r.method === "POST")).toEqual([]);
  });
});

describe("citation contexts", () => {
  const answer = (citations = Array.from({ length: 7 }, (_, i) => context(i + 1)), over: Partial<CitationContextsResponse> = {}) => ({
    status: "ready" as const,
    data: { paper: context(0), direction: "builtBy" as const, direct: 9, described: citations.length, citations, truncated: false, ...over },
  });

  it("word intents as the panel says them", () => {
    expect(citesAs(["background"])).toBe("cites it as background");
    expect(citesAs(["methodology", "result", "methodology"])).toBe("cites it as method / result");
    expect(citesAs(["extends"])).toBe("cites it as extends");
    expect(citesAs([])).toBeNull();
  });

  it("show the first few, influential marks and sentences, then more on request", () => {
    const citations = [context(1, { isInfluential: true, intents: ["methodology"], contexts: ["First sentence.", "Second sentence."] }), ...Array.from({ length: 6 }, (_, i) => context(i + 2))];
    const onSelect = vi.fn();
    const { container } = render(<CitationContextsView answer={answer(citations)} onSelect={onSelect} />);
    expect(container.textContent).toMatch(/A source says how 7 of the 9 papers citing it in this map cite it/);
    const items = () => container.querySelectorAll(".context-item");
    expect(items()).toHaveLength(5);
    expect(items()[0]?.textContent).toMatch(/cites it as method · influential/);
    expect([...(items()[0]?.querySelectorAll("blockquote") ?? [])].map((b) => b.textContent)).toEqual(["First sentence.", "Second sentence."]);
    fireEvent.click(screen.getByRole("button", { name: "Show more (2 more)" }));
    expect(items()).toHaveLength(7);
    expect(screen.queryByRole("button", { name: /Show more/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Invented Citing Paper 3" }));
    expect(onSelect).toHaveBeenCalledWith(citations[2]);
  });

  it("keep hostile sentences and titles as text", () => {
    const { container } = render(<CitationContextsView answer={answer([context(1, { title: HOSTILE, contexts: [HOSTILE] })])} onSelect={vi.fn()} />);
    expect(container.querySelector("img, script")).toBeNull();
    expect(container.querySelector("blockquote")?.textContent).toBe(HOSTILE);
    noScriptRan();
  });

  it("show nothing when no source described a citation", () => {
    const { container } = render(<CitationContextsView answer={answer([], { described: 0 })} onSelect={vi.fn()} />);
    expect(container.textContent).toBe("");
  });
});
