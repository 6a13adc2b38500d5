/**
 * What the reading-list panel shows for a saved list: "Expand the list" (each of its papers with
 * its neighbours, ExpandButton) and "Check for new papers" with what was found (WatchPanel).
 */
import { ExpandButton } from "./ExpandButton.tsx";
import "./grow.css";
import { WatchPanel } from "./WatchPanel.tsx";

export function ListGrowth({ list, onShow }: { list: string; onShow?: (ref: string) => void }) {
  return (
    <div className="list-growth">
      <ExpandButton key={list} target={{ list }} label="Expand the list" />
      <WatchPanel key={`watch-${list}`} list={list} onShow={onShow} />
    </div>
  );
}
