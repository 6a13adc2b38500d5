/**
 * "Check for new papers" for a saved list: the last check's time and source, a button that runs
 * the watch job (its progress with Cancel), and what the checks found (FindingsList), each with
 * Add to map (a job fetching it) or Dismiss (at once). Nothing runs unless asked. Offline, the
 * findings stay readable and dismissable; the buttons that need the network are replaced by one
 * line saying how to go online. Online without a key for the API a check asks (the last check's),
 * what that means is said under the button.
 */
import { useCallback, useState } from "react";
import type { ListWatchState, WatchFindingJson } from "../../core/api/types.ts";
import { addFindings, checkList, dismissFindings, fetchWatchState } from "../../core/api/grow-client.ts";
import { reasonOf, useGrowJob } from "../../hooks/use-grow-job.ts";
import { useOnline } from "../../hooks/use-online.ts";
import { useResource } from "../../hooks/use-resource.ts";
import { JobProgress } from "../JobProgress.tsx";
import { FindingsList } from "./FindingsList.tsx";
import { KeylessNote } from "./KeylessNote.tsx";
import { OfflineNote } from "./OfflineNote.tsx";

export interface WatchPanelProps {
  list: string;
  onShow?: (ref: string) => void;
}

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}

export function WatchPanel({ list, onShow }: WatchPanelProps) {
  const online = useOnline();
  const [reloads, setReloads] = useState(0);
  const [dismissed, setDismissed] = useState<ListWatchState | null>(null);
  const [dismissing, setDismissing] = useState(false);
  const [dismissError, setDismissError] = useState<string | null>(null);
  const fetched = useResource(`${list}\u0000${reloads}`, (signal) => fetchWatchState(list, signal));
  const reload = useCallback(() => {
    setDismissed(null);
    setReloads((n) => n + 1);
  }, []);
  const check = useGrowJob(reload);
  const adding = useGrowJob(reload);
  const state = dismissed ?? (fetched.status === "ready" ? fetched.data : null);
  const isOnline = online?.online === true;
  const busy = check.running || adding.running || dismissing;

  const dismiss = (f: WatchFindingJson) => {
    setDismissing(true);
    setDismissError(null);
    dismissFindings({ list, findings: [f.id] }).then(
      (next) => {
        setDismissing(false);
        setDismissed(next);
      },
      (err: unknown) => {
        setDismissing(false);
        setDismissError(reasonOf(err));
      },
    );
  };

  return (
    <section className="watch-panel" aria-label="New papers citing the list">
      <h3>New papers citing “{list}”</h3>
      {fetched.status === "error" && !state && <p className="error">Could not load the last check: {fetched.error}</p>}
      {state && (
        <p className="muted watch-last-check">
          {state.lastCheckedAt ? (
            <>
              Last checked <time dateTime={state.lastCheckedAt}>{when(state.lastCheckedAt)}</time> on {state.source === "openalex" ? "OpenAlex" : "Semantic Scholar"} ({state.papersChecked} papers):{" "}
              {state.counts.new} new, {state.counts.added} added, {state.counts.dismissed} dismissed.
            </>
          ) : (
            "Not checked yet: nothing is fetched until you ask."
          )}
        </p>
      )}
      {online !== null &&
        (isOnline ? (
          <>
            <button type="button" disabled={busy} onClick={() => check.start(() => checkList(list))}>
              Check for new papers
            </button>
            {!check.job && <KeylessNote online={online} source={state?.source === "openalex" ? "openalex" : "s2"} compact />}
          </>
        ) : (
          <OfflineNote what="check for new papers" />
        ))}
      {check.error && (
        <p className="error" role="alert">
          {check.error}
        </p>
      )}
      {check.job && <JobProgress job={check.job} onCancel={check.cancel} />}
      {adding.error && (
        <p className="error" role="alert">
          {adding.error}
        </p>
      )}
      {adding.job && <JobProgress job={adding.job} onCancel={adding.cancel} />}
      {dismissError && (
        <p className="error" role="alert">
          {dismissError}
        </p>
      )}
      {state?.problems.map((p) => (
        <p key={p.ref} className="note">
          Not checked: {p.ref} ({p.reason})
        </p>
      ))}
      {state?.watched && (
        <FindingsList findings={state.findings} online={isOnline} busy={busy} onAdd={(f) => adding.start(() => addFindings({ list, findings: [f.id] }))} onDismiss={dismiss} onShow={onShow} />
      )}
    </section>
  );
}
