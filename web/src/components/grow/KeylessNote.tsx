/**
 * What going without an API key means, said beside a grow control before it spends anything: the
 * server's own answer (`GET /api/online` `keyless`, crawl/api-access.ts), for the API the control
 * would ask. `compact` (in a paper's panel or a list's) shows one line that opens to the whole
 * note. Shown as text only; nothing when the server has a key for it.
 */
import type { OnlineStatus } from "../../core/api/types.ts";

const SUMMARIES: Record<"s2" | "openalex", string> = {
  s2: "No Semantic Scholar key: requests share a busy pool and may wait",
  openalex: "No OpenAlex key: about a hundred list requests a day",
};

export function KeylessNote({ online, source, compact = false }: { online: OnlineStatus; source: "s2" | "openalex"; compact?: boolean }) {
  const keyless = online.keyless.find((k) => k.source === source);
  if (!keyless) return null;
  if (!compact) return <p className="note keyless-note">{keyless.note}</p>;
  return (
    <details className="note keyless-note">
      <summary>{SUMMARIES[source]}</summary>
      {keyless.note}
    </details>
  );
}
