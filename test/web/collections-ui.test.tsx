// @vitest-environment jsdom
/**
 * The explorer's collection controls: the header's switch (each collection with its title and
 * count or state, a labelled select), the empty state (why, the fill commands, "Build it" starting
 * the build job and following it, a running build shown when the page opens), and the hooks of the
 * live refresh (a new graph version is a refresh; answers stay shown while they reload; a paper a
 * refresh no longer finds is deselected with a notice; the collections are asked for while the
 * tab is visible only). The server is a stub of fetch answering in the API's types.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import type { CollectionSummary, JobSummary } from "../../api/types.ts";
import { CollectionSwitch } from "../../web/src/components/CollectionSwitch.tsx";
import { CollectionEmptyState } from "../../web/src/components/CollectionEmptyState.tsx";
import { useDisappearedPaper, useLiveRefresh } from "../../web/src/hooks/use-live-refresh.ts";
import { useResource } from "../../web/src/hooks/use-resource.ts";
import { useCollections } from "../../web/src/hooks/use-collections.ts";
import type { Resource } from "../../web/src/core/api/types.ts";

function summary(over: Partial<CollectionSummary> = {}): CollectionSummary {
  return {
    name: "counting",
    title: "Counting papers",
    about: null,
    status: "ready",
    reason: null,
    papers: 1234,
    citations: 5678,
    graphVersion: "a".repeat(40),
    buildable: false,
    job: null,
    fill: [],
    ...over,
  };
}

function job(over: Partial<JobSummary> = {}): JobSummary {
  return {
    id: 7,
    kind: "build",
    collection: "abacus",
    title: "Building Abacus map",
    state: "running",
    progress: { step: "store", done: 2, total: 8, label: "storing 2 of 8 pages" },
    startedAt: "2026-12-01T10:00:00.000Z",
    finishedAt: null,
    elapsedSeconds: 3,
    error: null,
    ...over,
  };
}

const MISSING = summary({
  name: "abacus",
  title: "Abacus map",
  status: "missing",
  reason: "/maps/abacus.db does not exist yet",
  papers: 0,
  citations: 0,
  graphVersion: null,
  buildable: true,
  fill: ["lineage ingest /pages/abacus --db /maps/abacus.db", "lineage ingest PAGES_FOLDER --db /maps/abacus.db"],
});

/** A stub server: each request is recorded and answered by `answer`. */
function stubServer(answer: (url: string, method: string) => unknown) {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    asked.push(`${method} ${url}`);
    const body = answer(url, method);
    const status = body instanceof Error ? 404 : method === "POST" ? 202 : 200;
    return new Response(JSON.stringify(body instanceof Error ? { error: body.message } : body), { status, headers: { "content-type": "application/json" } });
  });
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the collection switch", () => {
  const collections = [summary(), MISSING, summary({ name: "broken", title: "Broken", status: "unreadable", papers: 0 }), summary({ name: "one", title: "One", papers: 1 })];

  it("lists each collection with its title and its count or state, under a label", () => {
    render(<CollectionSwitch collections={collections} current="counting" onSwitch={vi.fn()} />);
    const select = screen.getByLabelText("Collection") as HTMLSelectElement;
    expect(select.value).toBe("counting");
    expect([...select.options].map((o) => o.textContent)).toEqual(["Counting papers · 1,234 papers", "Abacus map · not built yet", "Broken · cannot be read", "One · 1 paper"]);
  });

  it("says a build is running", () => {
    render(<CollectionSwitch collections={[summary(), { ...MISSING, job: job() }]} current="counting" onSwitch={vi.fn()} />);
    expect(screen.getByRole("option", { name: "Abacus map · building…" })).toBeTruthy();
  });

  it("switches to the chosen collection", () => {
    const onSwitch = vi.fn();
    render(<CollectionSwitch collections={collections} current="counting" onSwitch={onSwitch} />);
    fireEvent.change(screen.getByLabelText("Collection"), { target: { value: "abacus" } });
    expect(onSwitch).toHaveBeenCalledWith("abacus");
  });

  it("keeps a name the server does not serve, saying so", () => {
    render(<CollectionSwitch collections={collections} current="gone" onSwitch={vi.fn()} />);
    expect((screen.getByLabelText("Collection") as HTMLSelectElement).value).toBe("gone");
    expect(screen.getByRole("option", { name: "gone · not on this server" })).toBeTruthy();
  });
});

describe("the empty state", () => {
  beforeEach(() => {
    stubServer(() => new Error("not expected"));
  });

  it("says why, and shows the commands that fill it as code", () => {
    render(<CollectionEmptyState collection={MISSING} />);
    expect(screen.getByRole("region", { name: "Abacus map is not built yet" })).toBeTruthy();
    expect(screen.getByText("/maps/abacus.db does not exist yet")).toBeTruthy();
    const commands = screen.getByRole("list", { name: "Commands that fill it" });
    expect([...commands.querySelectorAll("code")].map((c) => c.textContent)).toEqual(MISSING.fill);
    expect(screen.getByRole("button", { name: "Build it" })).toBeTruthy();
  });

  it("offers no build for a collection the server cannot build", () => {
    render(<CollectionEmptyState collection={{ ...MISSING, buildable: false, status: "empty", reason: null, fill: ["lineage ingest PAGES_FOLDER --db /maps/x.db"] }} />);
    expect(screen.getByRole("region", { name: "Abacus map has no papers yet" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Build/ })).toBeNull();
    expect(screen.getByText("lineage ingest PAGES_FOLDER --db /maps/x.db")).toBeTruthy();
  });

  it("copies a command when the browser allows it", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(<CollectionEmptyState collection={MISSING} />);
    fireEvent.click(screen.getByRole("button", { name: `Copy ${MISSING.fill[0]}` }));
    expect(writeText).toHaveBeenCalledWith(MISSING.fill[0]);
    await screen.findByText("Copied");
  });

  it("starts the build with Build it, follows its progress with Cancel, and says when it ended", async () => {
    let polls = 0;
    const asked = stubServer((url, method) => {
      if (method === "POST" && url === "/api/collections/abacus/build") return job({ progress: null, elapsedSeconds: 0 });
      if (method === "GET" && url === "/api/jobs/7") return ++polls < 2 ? job() : job({ state: "done", elapsedSeconds: 4, progress: { step: "index", done: 1, total: 1, label: "" } });
      return new Error(`unexpected ${method} ${url}`);
    });
    const onJobEnd = vi.fn();
    render(<CollectionEmptyState collection={MISSING} onJobEnd={onJobEnd} />);
    fireEvent.click(screen.getByRole("button", { name: "Build it" }));
    const bar = (await screen.findByRole("progressbar", { name: "Building Abacus map" })) as HTMLProgressElement;
    expect(bar.value).toBe(0.25);
    expect(screen.getByText("Building Abacus map: storing 2 of 8 pages")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Build it" })).toBeNull();
    await waitFor(() => expect(onJobEnd).toHaveBeenCalledOnce(), { timeout: 10_000 });
    expect(screen.getByText("Building Abacus map: done in 4 s")).toBeTruthy();
    expect(asked[0]).toBe("POST /api/collections/abacus/build");
  });

  it("shows a build already running when the page opens, and cancels it", async () => {
    const asked = stubServer((url, method) => {
      if (url === "/api/jobs/7") return method === "DELETE" ? job({ state: "cancelled", elapsedSeconds: 9 }) : job();
      return new Error(`unexpected ${method} ${url}`);
    });
    render(<CollectionEmptyState collection={{ ...MISSING, job: job() }} />);
    expect(screen.getByRole("region", { name: "Abacus map is being built" })).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Building Abacus map" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await screen.findByText(/Building Abacus map: cancelled after 9 s/);
    expect(asked).toContain("DELETE /api/jobs/7");
    expect(screen.getByRole("button", { name: "Build it again" })).toBeTruthy();
  });

  it("says why a build could not start", async () => {
    stubServer(() => new Error("a build of abacus is running already"));
    render(<CollectionEmptyState collection={MISSING} />);
    fireEvent.click(screen.getByRole("button", { name: "Build it" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/Could not start the build: a build of abacus is running already/);
  });
});

describe("the live refresh", () => {
  it("counts each new graph version after the first, and none while the version is not known", () => {
    const { result, rerender } = renderHook(({ v }: { v: string | null | undefined }) => useLiveRefresh(v), { initialProps: { v: undefined } as { v: string | null | undefined } });
    expect(result.current).toBe(0);
    rerender({ v: "v1" });
    expect(result.current).toBe(0);
    rerender({ v: "v1" });
    expect(result.current).toBe(0);
    rerender({ v: "v2" });
    expect(result.current).toBe(1);
    rerender({ v: undefined });
    expect(result.current).toBe(1);
    rerender({ v: "v3" });
    expect(result.current).toBe(2);
  });

  it("counts a database appearing (a build done) as a refresh", () => {
    const { result, rerender } = renderHook(({ v }: { v: string | null | undefined }) => useLiveRefresh(v), { initialProps: { v: null } as { v: string | null | undefined } });
    rerender({ v: "v1" });
    expect(result.current).toBe(1);
  });

  it("keeps an answer shown while the same request is made again for a new version", async () => {
    let answer = "first";
    let release: () => void = () => undefined;
    const load = () => (answer === "first" ? Promise.resolve(answer) : new Promise<string>((done) => (release = () => done(answer))));
    const { result, rerender } = renderHook(({ version, key }: { version: number; key: string }) => useResource(key, load, version), { initialProps: { version: 0, key: "paper:a" } });
    await waitFor(() => expect(result.current).toEqual({ status: "ready", data: "first" }));
    answer = "second";
    rerender({ version: 1, key: "paper:a" });
    expect(result.current).toEqual({ status: "ready", data: "first" });
    await act(async () => release());
    await waitFor(() => expect(result.current).toEqual({ status: "ready", data: "second" }));
    // Another key is another request: nothing of the last one is shown for it.
    rerender({ version: 1, key: "paper:b" });
    expect(result.current).toEqual({ status: "loading" });
  });

  it("deselects a paper a refresh no longer finds, with a notice, until another is selected", async () => {
    const deselect = vi.fn();
    type Props = { refreshes: number; ref: string | null; resource: Resource<{ title: string | null }> };
    const ready: Resource<{ title: string | null }> = { status: "ready", data: { title: "Abacus Arena" } };
    const gone: Resource<{ title: string | null }> = { status: "error", error: "no paper 2401.90001", httpStatus: 404 };
    const { result, rerender } = renderHook(({ refreshes, ref, resource }: Props) => useDisappearedPaper(refreshes, { ref, resource }, deselect), {
      initialProps: { refreshes: 0, ref: "2401.90001", resource: ready } as Props,
    });
    // A link to a paper that is not there is not a paper that disappeared.
    rerender({ refreshes: 0, ref: "2401.99999", resource: gone });
    expect(deselect).not.toHaveBeenCalled();
    rerender({ refreshes: 0, ref: "2401.90001", resource: ready });
    rerender({ refreshes: 1, ref: "2401.90001", resource: ready });
    expect(result.current).toBeNull();
    rerender({ refreshes: 1, ref: "2401.90001", resource: gone });
    expect(deselect).toHaveBeenCalledOnce();
    rerender({ refreshes: 1, ref: null, resource: { status: "idle" } });
    expect(result.current).toBe("“Abacus Arena” is no longer in this collection, so it was deselected.");
    rerender({ refreshes: 1, ref: "2401.90004", resource: { status: "loading" } });
    expect(result.current).toBeNull();
  });
});

describe("following the collections", () => {
  let visibility: DocumentVisibilityState = "visible";
  beforeEach(() => {
    visibility = "visible";
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  });

  it("asks again while the tab is visible, stops while hidden, and asks at once when it is shown", async () => {
    vi.useFakeTimers();
    let version = 1;
    const asked = stubServer(() => [summary({ graphVersion: String(version) })]);
    const { result } = renderHook(() => useCollections(1500));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(result.current.collections?.[0]?.graphVersion).toBe("1");
    version = 2;
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    expect(result.current.collections?.[0]?.graphVersion).toBe("2");
    const whileVisible = asked.length;

    visibility = "hidden";
    document.dispatchEvent(new Event("visibilitychange"));
    await act(async () => vi.advanceTimersByTimeAsync(15_000));
    expect(asked.length).toBe(whileVisible);

    version = 3;
    visibility = "visible";
    await act(async () => {
      document.dispatchEvent(new Event("visibilitychange"));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(asked.length).toBe(whileVisible + 1);
    expect(result.current.collections?.[0]?.graphVersion).toBe("3");
    expect(asked.every((a) => a === "GET /api/collections")).toBe(true);
  });

  it("keeps the last answer when a poll fails, and the same list when nothing changed", async () => {
    vi.useFakeTimers();
    let failing = false;
    stubServer(() => (failing ? new Error("restarting") : [summary()]));
    const { result } = renderHook(() => useCollections(1500));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    const first = result.current.collections;
    expect(first?.[0]?.name).toBe("counting");
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    expect(result.current.collections).toBe(first);
    failing = true;
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    expect(result.current.collections).toBe(first);
    expect(result.current.error).toMatch(/restarting/);
  });
});
