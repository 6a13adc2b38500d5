/** Site chrome: the lines every site prints around a paper, and the titles that must not be taken for them. */
import { describe, expect, it } from "vitest";
import { isBreadcrumb, isChrome, isSectionLabel } from "../../../ingest/adapters/capture/chrome.ts";

const CHROME = [
  "Skip to main content",
  "Skip to yearly menu bar",
  "Jump to navigation Jump to search",
  "Skip to content Skip to search",
  "We use cookies to make our site work. By continuing to browse you agree to our use of cookies.",
  "Accept all cookies",
  "Manage preferences",
  "We gratefully acknowledge support from the Simons Foundation and member institutions.",
  "Donate",
  "Sign in",
  "Create account",
  "Join PaperShelf to unlock AI-powered paper summaries, collections, and more research tools!",
  "Help | Advanced Search",
  "Home | About | Blog | Contact",
  "Share · Tweet · Email",
  "Cite this paper",
  "Download book EPUB",
  "View PDF HTML (experimental)",
  "View a PDF of the paper titled Tidewater, by Ines Valdecasas and 4 other authors",
  "Bibliographic Explorer (What is the Explorer?)",
  "References & Citations",
  "5,886",
  "1.2k",
  "← Reference library",
  "© 2021 Invented Publishers",
  "Powered by Invented CMS",
  "Published as a conference paper at ICLR 2022",
  "Under review as a conference paper at an invented venue",
  "pp 212–227",
  "Chat is not available.",
  "Download PDF, Show Revisions",
];

const TITLES = [
  "Share and Share Alike? Reciprocity in Federated Learning",
  "Home Robots That Fold Laundry: A Benchmark",
  "Cite Me If You Can: Citation Recommendation with Retrieval",
  "Privacy Policy Analysis with Language Models",
  "Accepting Cookies Is Not Consent: A Measurement Study",
  "Beyond Accuracy: Behavioral Testing of Invented Models",
  "Download Speeds in Rural Networks",
  "Sign Language Recognition from Video",
  "A Survey on Evaluation of Invented Systems",
];

describe("site chrome", () => {
  it.each(CHROME)("%s is chrome", (line) => {
    expect(isChrome(line)).toBe(true);
  });

  it.each(TITLES)("%s is not chrome", (title) => {
    expect(isChrome(title)).toBe(false);
  });

  it("knows breadcrumbs, and sentences with a > in them are not", () => {
    expect(isBreadcrumb("Computer Science > Machine Learning")).toBe(true);
    expect(isBreadcrumb("arxiv logo > cs > arXiv:2403.91827")).toBe(true);
    expect(isBreadcrumb("Home / Papers / Evaluation")).toBe(true);
    expect(isBreadcrumb("We show that A > B. Then C follows.")).toBe(false);
  });

  it("names section labels, which are neither chrome nor titles", () => {
    for (const label of ["Abstract", "ABSTRACT", "TL;DR", "1 Introduction", "I. Introduction", "Key Contributions:", "Cited by (0)", "🔬 Methods", "Figures and Tables from this paper"]) {
      expect(isSectionLabel(label), label).toBe(true);
    }
    for (const title of TITLES) expect(isSectionLabel(title), title).toBe(false);
  });
});
