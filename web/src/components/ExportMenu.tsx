/**
 * The reading list's export menu (WAI-ARIA menu button): Markdown, BibTeX, CSL-JSON, RIS, JSON or
 * BibTeX that Zotero files in a collection named after the list,
 * rendered by the server, then handed to the browser as a download through an `<a download>` with
 * a Blob URL (the page's CSP governs fetches and workers, not downloads). The last file stays
 * offered as a link; its Blob URL is revoked when replaced or unmounted.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { ExportedFile, ListFormat } from "../core/api/types.ts";

export const EXPORT_FORMATS: readonly { format: ListFormat; label: string }[] = [
  { format: "md", label: "Markdown (.md)" },
  { format: "bibtex", label: "BibTeX (.bib)" },
  { format: "csl", label: "CSL-JSON (.csl.json)" },
  { format: "ris", label: "RIS (.ris)" },
  { format: "json", label: "JSON (.json)" },
  { format: "zotero", label: "Zotero, into a collection (.bib)" },
];

export interface ExportMenuProps {
  disabled?: boolean;
  onExport: (format: ListFormat) => Promise<ExportedFile>;
}

type ExportState = { status: "idle" } | { status: "busy"; label: string } | { status: "error"; error: string } | { status: "ready"; href: string; filename: string };

export function ExportMenu({ disabled = false, onExport }: ExportMenuProps) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [state, setState] = useState<ExportState>({ status: "idle" });
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const blobUrl = useRef<string | null>(null);

  useEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  useEffect(
    () => () => {
      if (blobUrl.current) URL.revokeObjectURL(blobUrl.current);
      blobUrl.current = null;
    },
    [],
  );

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  const choose = async (format: ListFormat, label: string) => {
    close(true);
    setState({ status: "busy", label });
    try {
      const file = await onExport(format);
      const href = URL.createObjectURL(new Blob([file.text], { type: file.type }));
      if (blobUrl.current) URL.revokeObjectURL(blobUrl.current);
      blobUrl.current = href;
      setState({ status: "ready", href, filename: file.filename });
      const link = document.createElement("a");
      link.href = href;
      link.download = file.filename;
      link.rel = "noopener";
      link.click();
    } catch (err) {
      setState({ status: "error", error: (err as Error).message });
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = EXPORT_FORMATS.length - 1;
    const moves: Record<string, number> = { ArrowDown: active >= last ? 0 : active + 1, ArrowUp: active <= 0 ? last : active - 1, Home: 0, End: last };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      close(false);
    }
  };

  return (
    <div className="export-menu">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => {
          setActive(0);
          setOpen((o) => !o);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            setActive(e.key === "ArrowDown" ? 0 : EXPORT_FORMATS.length - 1);
            setOpen(true);
          }
        }}
      >
        Export ▾
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label="Export formats"
          className="menu"
          onKeyDown={onMenuKeyDown}
          onBlur={(e) => {
            // Focus leaving the menu closes it (the menu button toggles it itself).
            const next = e.relatedTarget as Node | null;
            if (!e.currentTarget.contains(next) && next !== button.current) setOpen(false);
          }}
        >
          {EXPORT_FORMATS.map(({ format, label }, i) => (
            <li key={format} role="none">
              <button
                ref={(el) => {
                  items.current[i] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={i === active ? 0 : -1}
                onClick={() => void choose(format, label)}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <span className="export-status" role="status">
        {state.status === "busy" && `Exporting ${state.label}…`}
        {state.status === "error" && <span className="error">Export failed: {state.error}</span>}
        {state.status === "ready" && (
          <a href={state.href} download={state.filename}>
            Download {state.filename}
          </a>
        )}
      </span>
    </div>
  );
}
