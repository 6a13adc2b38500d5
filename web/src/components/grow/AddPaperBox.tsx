/**
 * The "Add paper" box in the header: a DOI, arXiv ID or URL, ACL ID, OpenAlex W… or S2 ID is
 * checked as it would be by `lineage add` (api/paper-refs.ts) and an invalid one said inline
 * before anything is sent; a valid one starts an add job, whose progress shows with Cancel. Once
 * the job is done the box waits for the live graph to hold the paper (asking `/api/papers/REF`
 * until it answers) and hands it to `onAdded`, which selects it, and closes its status; a refusal,
 * a failure or a cancel stays said until closed. Offline, one line says how to go online instead;
 * online without a key for the API the typed identifier goes to, what that means is said under it.
 */
import { useEffect, useId, useState } from "react";
import { paperRefKind, paperRefProblem } from "../../../../api/paper-refs.ts";
import type { JobSummary } from "../../core/api/types.ts";
import { addPaper, paperIsInMap } from "../../core/api/grow-client.ts";
import { useGrowJob } from "../../hooks/use-grow-job.ts";
import { useOnline } from "../../hooks/use-online.ts";
import { JobProgress } from "../JobProgress.tsx";
import { KeylessNote } from "./KeylessNote.tsx";
import { OfflineNote } from "./OfflineNote.tsx";
import "./grow.css";

/** How often the box asks whether the added paper is in the map yet. */
const APPEAR_POLL_MS = 250;

export interface AddPaperBoxProps {
  /** The paper, by the identifier typed, once the map holds it. */
  onAdded: (ref: string) => void;
}

export function AddPaperBox({ onAdded }: AddPaperBoxProps) {
  const online = useOnline();
  const inputId = useId();
  const problemId = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  // The status under the box, closed once read (a new add opens it again).
  const [dismissed, setDismissed] = useState(false);
  const grow = useGrowJob((job: JobSummary) => {
    if (job.state === "done" && adding) setWaitingFor(adding);
  });

  // After the job: the paper shows once the server has loaded the new graph.
  useEffect(() => {
    if (waitingFor === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      paperIsInMap(waitingFor, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          if (found) {
            setWaitingFor(null);
            // Selecting it says it is there: the status would only cover its panel.
            setDismissed(true);
            onAdded(waitingFor);
          } else timer = setTimeout(look, APPEAR_POLL_MS);
        },
        () => {
          if (!controller.signal.aborted) timer = setTimeout(look, APPEAR_POLL_MS);
        },
      );
    };
    look();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [waitingFor, onAdded]);

  if (online === null) return null;
  if (!online.online) return <OfflineNote what="add papers" compact />;

  // Before anything is sent: what going without a key means for the API this identifier goes to.
  const keylessSource = paperRefKind(text) === "openalex" ? "openalex" : "s2";
  const keyless = text.trim() !== "" && !problem && !grow.job && online.keyless.some((k) => k.source === keylessSource);

  const submit = () => {
    const ref = text.trim();
    const why = paperRefProblem(ref);
    setProblem(why);
    if (why || grow.running) return;
    setAdding(ref);
    setDismissed(false);
    grow.start(() => addPaper({ ref }));
  };

  return (
    <div className="add-paper">
      <form
        className="add-paper-form"
        role="search"
        aria-label="Add paper"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Add paper by identifier
        </label>
        <input
          id={inputId}
          type="text"
          value={text}
          placeholder="Add paper: DOI, arXiv, ACL, W…, S2 ID"
          maxLength={1000}
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (problem) setProblem(null);
          }}
        />
        <button type="submit" disabled={grow.running}>
          Add paper
        </button>
      </form>
      {(problem || grow.error || (grow.job && !dismissed) || keyless) && (
        <div className="add-paper-status">
          {keyless && <KeylessNote online={online} source={keylessSource} />}
          {problem && (
            <p id={problemId} className="error add-paper-problem" role="alert">
              {problem}
            </p>
          )}
          {grow.error && (
            <p className="error" role="alert">
              {grow.error}
            </p>
          )}
          {grow.job && !problem && <JobProgress job={grow.job} onCancel={grow.cancel} />}
          {grow.job?.state === "done" && waitingFor !== null && <p className="muted">Waiting for the map to show it…</p>}
          {grow.job && !grow.running && waitingFor === null && (
            <button type="button" className="small-button" onClick={() => setDismissed(true)}>
              Close
            </button>
          )}
        </div>
      )}
    </div>
  );
}
