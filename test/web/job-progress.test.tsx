// @vitest-environment jsdom
/** A job as the explorer shows it: its line, its progress bar, and Cancel while it runs. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { JobSummary } from "../../api/types.ts";
import { JobProgress } from "../../web/src/components/JobProgress.tsx";
import { duration, jobFraction, jobLine } from "../../web/src/core/jobs/job-status.ts";

function job(over: Partial<JobSummary> = {}): JobSummary {
  return {
    id: 3,
    kind: "build",
    collection: "aan",
    title: "Building the ACL Anthology Network",
    state: "running",
    progress: { step: "layout", done: 30, total: 120, label: "laying out 19,267 papers" },
    startedAt: "2026-12-01T10:00:00.000Z",
    finishedAt: null,
    elapsedSeconds: 75,
    error: null,
    ...over,
  };
}

afterEach(cleanup);

describe("a job's state in words", () => {
  it("says what a running job is doing, and how each ended", () => {
    expect(jobLine(job())).toBe("Building the ACL Anthology Network: laying out 19,267 papers");
    expect(jobLine(job({ progress: null }))).toBe("Building the ACL Anthology Network: starting");
    expect(jobLine(job({ state: "done", elapsedSeconds: 42 }))).toBe("Building the ACL Anthology Network: done in 42 s");
    expect(jobLine(job({ state: "failed", error: "acl.txt: no such file" }))).toBe("Building the ACL Anthology Network: failed: acl.txt: no such file");
    expect(jobLine(job({ state: "cancelled", elapsedSeconds: 125 }))).toMatch(/cancelled after 2 min 5 s/);
  });

  it("gives the share of the step done, none when its size is unknown, all once done", () => {
    expect(jobFraction(job())).toBe(0.25);
    expect(jobFraction(job({ progress: { step: "read", done: 10, total: 0, label: "" } }))).toBeNull();
    expect(jobFraction(job({ state: "done" }))).toBe(1);
    expect(jobFraction(job({ progress: { step: "fetch", done: 12, total: 10, label: "" } }))).toBe(1);
  });

  it("words durations in seconds and minutes", () => {
    expect(duration(0)).toBe("0 s");
    expect(duration(59.6)).toBe("1 min");
    expect(duration(61)).toBe("1 min 1 s");
  });
});

describe("the progress of a job", () => {
  it("shows a bar and a Cancel button while it runs", () => {
    const onCancel = vi.fn();
    render(<JobProgress job={job()} onCancel={onCancel} />);
    const bar = screen.getByRole("progressbar", { name: "Building the ACL Anthology Network" }) as HTMLProgressElement;
    expect(bar.value).toBe(0.25);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it("shows how it ended, with no bar and no Cancel", () => {
    render(<JobProgress job={job({ state: "failed", error: "disk full" })} onCancel={() => undefined} />);
    expect(screen.getByRole("status").textContent).toContain("failed: disk full");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
  });
});
