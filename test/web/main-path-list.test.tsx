// @vitest-environment jsdom
/** The lineage view's side list: the main path in order with years and SPC, key routes, selection. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MainPathList, type MainPathListProps } from "../../web/src/components/MainPathList.tsx";
import { AI_EVERYTHING, HOSTILE_TITLE, METROLOGY, SOCIO, brief, keyRouteOf, mainPathResponse, step } from "./fixtures.ts";

afterEach(cleanup);

const PATH = [step(AI_EVERYTHING, 0), step(SOCIO, 91), step(METROLOGY, 792)];
const OTHER = brief("arxiv:2310.11986", "Sociotechnical Safety Evaluation of Generative AI Systems", 2023, { arxivId: "2310.11986" });

function renderList(props: Partial<MainPathListProps>) {
  const handlers = { onKeyRoutes: vi.fn(), onSelect: vi.fn(), onWholeGraph: vi.fn() };
  render(<MainPathList mainPath={{ status: "loading" }} keyRoutes={0} seeds={[]} direction={null} selected={null} {...handlers} {...props} />);
  return handlers;
}

describe("MainPathList", () => {
  it("lists the main path oldest first, each paper with its year and SPC, in a list named Main path", () => {
    const { onSelect } = renderList({ mainPath: { status: "ready", data: mainPathResponse(PATH) } });
    expect(screen.getByRole("region", { name: "Main path" })).toBeTruthy();
    const list = screen.getByRole("list", { name: "Main path" });
    expect(list.tagName).toBe("OL");
    const items = within(list).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector(".path-year")?.textContent)).toEqual(["2021", "2023", "2024"]);
    // Each step as the share of the scope's chains through the citation leading to it: 91 and 792 of 4,734.
    expect(items.map((li) => li.querySelector(".spc")?.textContent)).toEqual(["start", "1.9% of chains", "16% of chains"]);
    expect(items[2]?.querySelector(".spc")?.getAttribute("title")).toBe("Search path count 792: of the scope's 4,734 source-to-sink citation chains, this many pass through the citation leading here");
    expect(items[2]?.textContent).toContain(METROLOGY.title);
    const weight = document.querySelector(".path-weight")?.textContent ?? "";
    expect(weight).toMatch(/^Each step: the share of the scope’s 4,734 source-to-sink citation chains that pass through the citation leading to it\./);
    expect(weight).toMatch(/whose 2 citations carry the most chains together \(path weight 883, 9\.3% a citation on average\)\./);
    expect(screen.getByText(/Of the whole graph \(189 papers\)/)).toBeTruthy();
    fireEvent.click(within(list).getByRole("button", { name: SOCIO.title ?? "" }));
    expect(onSelect).toHaveBeenCalledWith(PATH[1]);
  });

  it("marks the selected paper and names the seeds of the scope", () => {
    const { onWholeGraph } = renderList({
      mainPath: { status: "ready", data: mainPathResponse(PATH) },
      selected: SOCIO.id,
      seeds: [{ ref: "2407.16711", title: METROLOGY.title ?? "" }],
    });
    const current = within(screen.getByRole("list", { name: "Main path" })).getAllByRole("listitem")[1];
    expect(current?.getAttribute("aria-current")).toBe("true");
    expect(screen.getByText(`Of the lineage of “${METROLOGY.title}”`, { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Whole graph" }));
    expect(onWholeGraph).toHaveBeenCalledOnce();
  });

  it("shows a collapsed citation cycle's other members", () => {
    const { onSelect } = renderList({ mainPath: { status: "ready", data: mainPathResponse([step(AI_EVERYTHING, 0), step(SOCIO, 5, [OTHER])]) } });
    expect(screen.getByText(/in a citation cycle with/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: OTHER.title ?? "" }));
    expect(onSelect).toHaveBeenCalledWith(OTHER);
  });

  it("offers 1 to 10 key routes and lists the distinct ones", () => {
    const route = keyRouteOf(SOCIO.id, OTHER.id, 720, [step(AI_EVERYTHING, 0), step(SOCIO, 91), step(OTHER, 720)]);
    const same = keyRouteOf(SOCIO.id, METROLOGY.id, 792, PATH);
    const { onKeyRoutes } = renderList({ mainPath: { status: "ready", data: mainPathResponse(PATH, [same, route]) }, keyRoutes: 2 });
    const control = screen.getByRole("combobox", { name: "Key routes" }) as HTMLSelectElement;
    expect([...control.options].map((o) => o.value)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    expect(control.value).toBe("2");
    fireEvent.change(control, { target: { value: "5" } });
    expect(onKeyRoutes).toHaveBeenCalledWith(5);
    expect(screen.queryByRole("list", { name: "Key route 2" })).toBeNull();
    const keyRoute = screen.getByRole("list", { name: "Key route 1" });
    expect(within(keyRoute).getAllByRole("listitem").at(-1)?.textContent).toContain(OTHER.title);
    // Asked for 2, one is shown: it says why.
    expect(screen.getByRole("status").textContent).toBe(
      "Key routes follow the 2 citations of highest SPC. Citation 1 lies on the main path, so its route is the main path. 1 route besides the main path:",
    );
  });

  it("gives SPC counts past 2^53 as shares, in readable figures, and exactly on hover, never through Number", () => {
    // The AAN main path's first citation and the scope's chains, as `lineage main-path` prints them.
    const big = { ...step(METROLOGY, 8.19e17), spcExact: "819178541700828379" };
    const data = { ...mainPathResponse([step(AI_EVERYTHING, 0), big]), weight: 8.19e17, weightExact: "819178541700828379", totalPaths: "5819169607971424081" };
    renderList({ mainPath: { status: "ready", data } });
    expect(screen.getByText("14% of chains").getAttribute("title")).toMatch(/^Search path count 819,178,541,700,828,379: of the scope's 5,819,169,607,971,424,081 source-to-sink/);
    const weight = document.querySelector(".path-weight");
    expect(weight?.textContent).toMatch(/scope’s 5\.81 × 10¹⁸ source-to-sink citation chains/);
    expect(weight?.textContent).toMatch(/\(path weight 8\.19 × 10¹⁷, 14% a citation on average\)/);
    // No 20-digit number to read in the text; the exact sum is on hover.
    expect(weight?.textContent).not.toMatch(/\d{1,3}(?:,\d{3}){4,}/);
    expect(weight?.getAttribute("title")).toMatch(/add up to the most: 819,178,541,700,828,379\.$/);
  });

  it("says which key citations lie on the main path or repeat a route", () => {
    const route = keyRouteOf(SOCIO.id, OTHER.id, 720, [step(AI_EVERYTHING, 0), step(SOCIO, 91), step(OTHER, 720)]);
    const same = keyRouteOf(SOCIO.id, METROLOGY.id, 792, PATH);
    const again = keyRouteOf(AI_EVERYTHING.id, SOCIO.id, 91, [step(AI_EVERYTHING, 0), step(SOCIO, 91), step(OTHER, 720)]);
    renderList({ mainPath: { status: "ready", data: mainPathResponse(PATH, [same, route, again, same]) }, keyRoutes: 5 });
    expect(screen.getByRole("status").textContent).toBe(
      "This scope has 4 citations to build key routes round, fewer than the 5 asked for. Citations 1 and 4 lie on the main path, so their routes are the main path. Citation 3 leads to a route shown already. 1 route besides the main path:",
    );
    expect(screen.getByText(/key citation 2, 3\)/)).toBeTruthy();
  });

  it("says when the scope has no chain, and shows loading and errors", () => {
    renderList({ mainPath: { status: "ready", data: mainPathResponse([]) } });
    expect(screen.getByText("No citation chain in this scope: no paper here builds on another.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Main path" })).toBeNull();
    cleanup();
    renderList({ mainPath: { status: "loading" } });
    expect(screen.getByText("Computing the main path…")).toBeTruthy();
    cleanup();
    renderList({ mainPath: { status: "error", error: 'seed: no paper "x" in the graph (404 from /api/main-path?seed=x)' } });
    expect(screen.getByText(/^Could not compute the main path: seed: no paper "x"/)).toBeTruthy();
  });

  it("shows a markup title as literal text", () => {
    const hostile = brief("title:1", HOSTILE_TITLE, 2024);
    const { container } = render(
      <MainPathList
        mainPath={{ status: "ready", data: mainPathResponse([step(AI_EVERYTHING, 0), step(hostile, 3)]) }}
        keyRoutes={0}
        seeds={[{ ref: "x", title: HOSTILE_TITLE }]}
        direction={null}
        selected={null}
        onKeyRoutes={vi.fn()}
        onSelect={vi.fn()}
        onWholeGraph={vi.fn()}
      />,
    );
    expect(screen.getByRole("button", { name: HOSTILE_TITLE })).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
  });
});
