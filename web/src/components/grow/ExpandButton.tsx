/**
 * "Expand" for a paper of the map or a saved reading list: fetches its records, references and
 * citations from Semantic Scholar or OpenAlex (a `lineage expand` job), at depth 1, or at depth 2
 * with at most N papers chosen by relevance. The job's progress (papers fetched, requests queued,
 * time left: its progress label) shows with Cancel; the new papers reach the map through the live
 * graph when the job commits. Offline, one line says how to go online instead; online without a
 * Semantic Scholar key (the source a job asks unless the paper is OpenAlex's alone), what that
 * means is said under the button.
 */
import { useId, useState } from "react";
import { DEFAULT_EXPAND_PAPERS, MAX_EXPAND_PAPERS } from "../../../../api/limits.ts";
import type { ExpandRequest, JobSummary } from "../../core/api/types.ts";
import { expandPapers } from "../../core/api/grow-client.ts";
import { useGrowJob } from "../../hooks/use-grow-job.ts";
import { useOnline } from "../../hooks/use-online.ts";
import { JobProgress } from "../JobProgress.tsx";
import { KeylessNote } from "./KeylessNote.tsx";
import { OfflineNote } from "./OfflineNote.tsx";

export interface ExpandButtonProps {
  /** What to expand: a paper (by a reference the map resolves) or a saved list. */
  target: { ref: string } | { list: string };
  /** Said on the button: "Expand this paper", "Expand the list". */
  label: string;
  onEnd?: (job: JobSummary) => void;
}

export function ExpandButton({ target, label, onEnd }: ExpandButtonProps) {
  const online = useOnline();
  const depthId = useId();
  const maxId = useId();
  const [depth, setDepth] = useState<1 | 2>(1);
  const [maxText, setMaxText] = useState(String(DEFAULT_EXPAND_PAPERS));
  const grow = useGrowJob(onEnd);
  if (online === null) return null;
  if (!online.online) return <OfflineNote what="expand from Semantic Scholar and OpenAlex" />;

  const maxPapers = Number(maxText);
  const maxValid = Number.isInteger(maxPapers) && maxPapers >= 1 && maxPapers <= MAX_EXPAND_PAPERS;
  const run = () => {
    const request: ExpandRequest = Object.assign({ depth }, target, depth === 2 ? { maxPapers } : {});
    grow.start(() => expandPapers(request));
  };

  return (
    <div className="expand-control">
      <div className="expand-row">
        <button type="button" disabled={grow.running || (depth === 2 && !maxValid)} onClick={run} title="Fetch its records, references and citations from Semantic Scholar or OpenAlex">
          {label}
        </button>
        <label htmlFor={depthId} title="1: its references and citations; 2: and the most relevant of theirs">
          depth
        </label>
        <select id={depthId} aria-label="Expand depth" value={depth} disabled={grow.running} onChange={(e) => setDepth(e.target.value === "2" ? 2 : 1)}>
          <option value={1} title="Its references and citations">
            1
          </option>
          <option value={2} title="And the most relevant of their references and citations">
            2
          </option>
        </select>
        {depth === 2 && (
          <>
            <label htmlFor={maxId}>at most</label>
            <input
              id={maxId}
              aria-label="Expand at most, papers"
              className="expand-max"
              type="number"
              min={1}
              max={MAX_EXPAND_PAPERS}
              value={maxText}
              disabled={grow.running}
              aria-invalid={!maxValid}
              onChange={(e) => setMaxText(e.target.value)}
            />
            <span>papers</span>
          </>
        )}
      </div>
      {!grow.job && <KeylessNote online={online} source="s2" compact />}
      {depth === 2 && !maxValid && <p className="error">At most 1 to {MAX_EXPAND_PAPERS} papers.</p>}
      {grow.error && (
        <p className="error" role="alert">
          {grow.error}
        </p>
      )}
      {grow.job && <JobProgress job={grow.job} onCancel={grow.cancel} />}
      {grow.job?.state === "done" && <p className="muted">The new papers are in the map.</p>}
    </div>
  );
}
