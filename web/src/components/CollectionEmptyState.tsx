/**
 * What the graph pane shows for a collection with no papers to draw (missing, empty or
 * unreadable), instead of a blank canvas: why (its `reason`), the commands that fill it, each
 * with a Copy button, and for a bundled collection a "Build it" button that starts the server's
 * build job and follows it (JobProgress, with Cancel). A build already running when the page
 * opens is followed the same way. Once a build is done the collection's summary turns ready and
 * the explorer loads its graph; `onJobEnd` asks for that summary at once.
 */
import { useState } from "react";
import type { CollectionSummary } from "../core/api/types.ts";
import { buildCollection } from "../core/api/server-client.ts";
import { emptyHeading } from "../core/collections/summary-words.ts";
import { useJob } from "../hooks/use-job.ts";
import { JobProgress } from "./JobProgress.tsx";

export interface CollectionEmptyStateProps {
  collection: CollectionSummary;
  /** A build (or another job) has ended: the collections are worth asking for again. */
  onJobEnd?: () => void;
}

function CopyableCommand({ command }: { command: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard?.writeText(command).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <li className="fill-command">
      <code>{command}</code>
      {typeof navigator !== "undefined" && navigator.clipboard && (
        <button type="button" className="small-button" aria-label={`Copy ${command}`} onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </button>
      )}
    </li>
  );
}

export function CollectionEmptyState({ collection, onJobEnd }: CollectionEmptyStateProps) {
  // The build this page started, kept with the collection it is for.
  const [started, setStarted] = useState<{ collection: string; id: number } | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const fromSummary = collection.job?.kind === "build" ? collection.job : null;
  const startedId = started?.collection === collection.name ? started.id : null;
  const followedId = startedId ?? (fromSummary && fromSummary.state !== "done" ? fromSummary.id : null);
  const followed = useJob(followedId, onJobEnd);
  const job = followed.job ?? (fromSummary?.id === followedId ? fromSummary : null);
  const running = job?.state === "running";

  const build = () => {
    setStarting(true);
    setStartError(null);
    buildCollection(collection.name).then(
      (j) => {
        setStarted({ collection: collection.name, id: j.id });
        setStarting(false);
      },
      (err: unknown) => {
        setStarting(false);
        setStartError((err as Error).message);
        // A build another tab started (409): the summary names it.
        onJobEnd?.();
      },
    );
  };

  return (
    <section className="empty-state" aria-labelledby="empty-state-heading">
      <div className="empty-state-body">
        <h2 id="empty-state-heading">{running ? `${collection.title} is being built` : emptyHeading(collection)}</h2>
        {collection.reason && !running && <p className="empty-reason">{collection.reason}</p>}
        {collection.about && <p className="muted">{collection.about}</p>}
        {job && <JobProgress job={job} onCancel={running ? followed.cancel : undefined} cancelError={followed.error} />}
        {collection.buildable && !running && (
          <p>
            <button type="button" className="primary-button" onClick={build} disabled={starting}>
              {job && job.state !== "done" ? "Build it again" : "Build it"}
            </button>{" "}
            <span className="muted">The server builds it from the files bundled with Lineage.</span>
          </p>
        )}
        {startError && (
          <p className="error" role="alert">
            Could not start the build: {startError}
          </p>
        )}
        {collection.fill.length > 0 && (
          <>
            <h3>{collection.buildable ? "Or fill it from a terminal" : "Fill it from a terminal"}</h3>
            <ul className="fill-commands" aria-label="Commands that fill it">
              {collection.fill.map((command) => (
                <CopyableCommand key={command} command={command} />
              ))}
            </ul>
            <p className="muted">The explorer shows what they write as soon as they commit, without a restart.</p>
          </>
        )}
      </div>
    </section>
  );
}
