/**
 * Site chrome in a page capture: the lines a site prints around every paper (skip links, cookie
 * and donation banners, sign-in prompts, menus and breadcrumbs, share bars, "Cite this" blocks,
 * sidebars of tools, footers, view counters) that are never a title, an author or a citation.
 * Each rule matches a whole line, or a phrase no paper title contains ("we use cookies"), so that
 * a title is never taken for chrome. Section labels ("Abstract", "TL;DR", "Datasets") are not
 * chrome but are not titles either: `isSectionLabel` names them. Pure.
 */
import { trimEndWhere } from "../../../vocabulary/linear-text.ts";

/** Whole lines, matched case-insensitively after trailing punctuation and arrows are dropped. */
const CHROME_LINES = new RegExp(
  "^(?:" +
    [
      // skip links, navigation and menus
      String.raw`skip to (?:the )?(?:main )?(?:content|navigation|search|article|menu|yearly menu bar|footer)`,
      String.raw`jump to (?:content|navigation|main content|search)`,
      String.raw`submitted by(?: .{1,40})?|posted by .{1,40}|uploaded by .{1,40}`,
      "toggle navigation|main navigation|navigation|menu|main menu|open menu|close menu|close|back|back to top|go to top|top|(?:\\+ ?)?all categories",
      String.raw`(?:home|about|contact|help|faq|blog|news|search|browse|explore|pricing|docs|login|log ?in|log ?out|sign ?in|sign ?up|sign ?out|register|subscribe|donate|support us|my account|account|profile|settings|dashboard|notifications)`,
      String.raw`help ?\| ?advanced search|advanced search|search(?: (?:papers|arxiv|the site|\.\.\.|…))?|search or ask(?: a question)?`,
      String.raw`(?:←|‹|<|«)\s*(?:back|previous|prev|reference library|all papers|home|return).{0,40}`,
      String.raw`(?:back to|return to|go back to) .{1,40}`,
      String.raw`(?:previous|next|prev)(?: (?:paper|article|post|page))?(?: ?[›>»→])?`,
      String.raw`(?:view|show|see|load|read) (?:all|more)\b.{0,60}`,
      String.raw`< ?prev ?\| ?next ?>`,
      String.raw`(?:new|recent)\s*\|\s*(?:recent|new|\d{4}-\d{2}).*`,
      "current browse context.{0,40}|change to browse by.{0,40}",
      // accounts and banners
      String.raw`(?:join|sign up for|create an? (?:free )?account (?:on|at|with)) .{0,60}(?:to|and) (?:unlock|get|access|save|read).*`,
      String.raw`.{1,40}\shome(?:page)?|research-article|free access|share on|submit a paper|rankings|permalink|copy url|copy doi|using these links will ensure access to this page indefinitely|from wikipedia, the free encyclopedia|new results|follow this preprint|this article is a preprint and has not been certified by peer review.*|competing interest statement|info/history|preview pdf|follow|listen|write|\d{1,3} min read|be the first to comment|request (?:full-text|pdf)|download citation|copy link link copied|`,
      String.raw`search:\s?.{0,30}|an official website of .{1,60}|here's how you know|.{1,30} logo|article|advertisement|thank you for visiting .{1,80}|display options|full text links|send to|save email|advanced clipboard|user guide|metrics details|\d+(?:\.\d+)?k accesses|\d+ altmetric|`,
      String.raw`chat is not available|successful page load|discover the world's (?:research|scientific knowledge)|\d+\+? million (?:members|researchers|publications|papers)|create (?:an? )?(?:free )?account|create profile|my (?:library|stuff|lists|profile)|join (?:for free|now|us)|get started|start free trial|register now`,
      String.raw`(?:sign|log) in (?:to|with) .{1,60}`,
      String.raw`.{0,80}[.·|]\s*sign in(?: to hype)?`,
      String.raw`we gratefully acknowledge support from.*`,
      String.raw`the simons foundation.{0,120}`,
      String.raw`(?:donate|give|support)(?: to)? (?:arxiv|us|today|now|the project|this site)`,
      String.raw`cornell university|arxiv logo.{0,80}|arxiv is a free distribution service.*`,
      String.raw`(?:accept|reject|decline|allow|deny)(?: all)?(?: cookies)?|manage (?:cookies|preferences|cookie (?:settings|preferences))|cookie (?:settings|preferences|policy)|got it|i agree|ok,? got it|dismiss`,
      // share, save, cite, export
      String.raw`share(?: (?:this|on|to|via) .{1,40})?|tweet|share this (?:paper|article|page)|copy link|link copied|email|print|bookmark|save|saved|save to (?:library|list|collection)|add to (?:library|collection|list|reading list)|follow|upvote|\d{1,6} upvotes?|like|star|watch|fork`,
      String.raw`(?:facebook|twitter|linkedin|reddit|mastodon|bluesky|whatsapp|weibo|wechat|x \(twitter\))`,
      String.raw`apa|mla|chicago|harvard|vancouver|bibtex citation|plain text|copy to clipboard|copied!?|cite|cite this(?: (?:paper|article|work|page))?|how to cite(?: this (?:paper|article))?|export (?:citation|bibtex|ris|bib)|export bibtex citation|copy (?:citation|bibtex)|bibtex|ris|endnote|mods xml|bib export formats|bibtex mods xml endnote|download (?:citation|bibtex|ris)|citation tools?`,
      String.raw`(?:view|download|open|get|read) (?:the )?(?:pdf|html|paper|full text|article|on arxiv|in app|source)(?: \(experimental\))?(?: [a-z]+)?|pdf|pdf abstract|html|html \(experimental\)|tex source|other formats|view pdf html \(experimental\)|full text|full-text links|view license|license|access paper|access paper:`,
      String.raw`view a pdf of the paper titled .*`,
      String.raw`(?:download|view|get|read|buy|rent|access|open|print|purchase)(?: the| this)? (?:book |chapter |article |conference paper |paper |full[- ]text )?(?:pdf|epub|html|full text|article|chapter|book|paper|citation|options|now|conference paper)(?: certificate)?`,
      String.raw`cite this (?:conference )?(?:paper|chapter|article|work|book|entry)|access this (?:chapter|article|paper|book)|log in via an? .{1,40}|subscribe and save|get shareable link|download citation|rights and permissions|reprints and permissions|copyright information|about this (?:paper|article|chapter|book)|share this (?:paper|article|chapter)|publish with us|policies and ethics|tax calculation will be finalised at checkout|purchases are for personal use only|instant access to the full article pdf\.?|conference paper|research article|journal article|original article|open access article`,
      String.raw`(?:download pdf|pdf)(?:,? show revisions)?|show revisions|show bibtex|revisions|everyone|readers: everyone`,
      String.raw`(?:comments|discussion|reviews?) on this (?:paper|article)|leave a comment|add a comment|write a review|report (?:issue|an issue|a problem)(?: for preceding element| with this (?:paper|page|article|entry))?|report issue for preceding element|suggest an edit|edit this page|improve this page|edit social preview`,
      String.raw`submit results from this paper.*|results from the paper|results in papers with code|\(?↓ ?scroll down to see all results\)?|ranked #\d+ on .{1,80}|no code implementations yet.*|add a new (?:code|evaluation) (?:entry|result).*|mark the official implementation.*|be the first to reproduce this paper.*|code available — .*`,
      // arXiv's sidebar of tools
      String.raw`.{1,60}\(what (?:is|are) .{1,40}\?\)`,
      String.raw`references & citations|bibliographic (?:and citation )?tools|bibliographic explorer.*|code, data,? and media associated with this article|demos|recommenders and search tools|related papers|connected papers|litmaps|scite smart citations|nasa ads|google scholar|semantic scholar|dblp.{0,30}|inspire hep|core recommender.*|influence flower.*|arxivlabs.*`,
      // code sites and readers
      String.raw`latest commit|history|file metadata and controls|raw|blame|copy path|preview|code|issues|pull requests|actions|projects|wiki|security|insights|\d+ lines? \(\d+ loc\).*`,
      String.raw`loading(?: pdf)?(?:\.\.\.|…)?|failed to load .{0,40}|page \d* ?of ?\d*\s*-?|you are on page \d{1,4} ?of ?\d{1,4}|(?:listen|play|watch)(?: to)? ["“][^"“”]{1,120}["”]|showing (?:\d+ )?(?:papers|results|publications|articles|works) (?:by|for|of|in) .{1,120}|byak and the research community|refer to caption|no (?:results|comments|reviews|videos|related works?) (?:yet|found).*`,
      // footers
      String.raw`(?:©|\(c\)|copyright)\s.{0,120}|all rights reserved.{0,40}|.{0,60}all rights reserved`,
      String.raw`privacy(?: policy)?|terms(?: of (?:use|service))?|terms and conditions|accessibility|cookies?|cookie notice|contact us|status|careers|imprint|impressum|sitemap|powered by .{1,40}|made with .{1,40}|rss|newsletter|subscribe to .{1,40}`,
      // running heads of a paper's PDF
      String.raw`(?:published as an? (?:conference|workshop|journal|main conference) paper (?:at|in)|under review (?:as a .{1,30} paper )?at|preprint\. under review|workshop track\s*[-–]?|accepted (?:at|to|for publication (?:in|at))) .{2,80}`,
      String.raw`preprint\. under review|under review|preprint\. work in progress|work in progress|draft|camera[- ]ready`,
      String.raw`(?:pp?\.?|pages?)\s*\d+\s*[–-]\s*\d+`,
      // badges
      String.raw`code available|open access|gold oa|green oa|free access|full access|get rights and content|under a creative commons license|indexed in ?\S{0,20}|peer[- ]reviewed|preprint|open in (?:app|colab)`,
    ].join("|") +
    ")$",
  "i",
);

/** Phrases no title contains: a line holding one is a banner, whatever else it says. */
const CHROME_PHRASES =
  /\b(?:(?:skip|jump) to (?:the )?(?:main |site )?(?:content|navigation(?: menu)?|footer|search|menu)\b.{0,80}\b(?:skip|jump) to|you are using a browser version|limited support for css|we use cookies|this (?:site|website) uses cookies|by (?:continuing|using) (?:to browse|this (?:site|website))|accept (?:all )?cookies|cookie (?:policy|settings|consent)|unlock ai-powered|javascript (?:is )?(?:disabled|required)|enable javascript|your browser (?:does not|doesn't) support|please (?:sign|log) in|gratefully acknowledge support|(?:are )?subject to the terms and conditions|read these terms and conditions|html conversions? sometimes display errors|content that did not convert correctly)\b/i;

/** "Get trending papers in your email inbox!", "Join the community today!": a site's call to action. */
const CALL_TO_ACTION = /^(?:get|join|subscribe|sign up|try|download|follow|discover|explore|stay|start|unlock|upgrade|don't miss)\b[^.?!]{0,80}!$/i;

/** "Week 7 of 12 · Part B", "Day 32 of 60", "Concept 91 of 100": a course's or a series' navigation. */
const SERIES_COUNTER =
  /\b(?:week|day|part|chapter|lesson|module|unit|episode|session|lecture|concept|step|topic)\s+\d{1,3}\s+of\s+\d{1,3}(?!\d)|^(?:section|chapter|lesson|module|unit|episode|lecture)\s+\d{1,3}$/i;

/** A breadcrumb trail: "Computer Science > Machine Learning", "cs > arXiv:2107.03374", "Home / Papers / …". */
const BREADCRUMB = /^(?:[^>›»/|]{1,40}\s(?:>|›|»)\s){1,5}[^>›»]{1,60}$|^(?:home|papers?|browse|all papers)\s*(?:\/|›|»|>)\s.{1,120}$/i;

/** Only digits, separators and a unit: view and like counters ("422", "5,886", "1.2k"). */
const COUNTER = /^[\d.,\s]+[kKmM]?\+?$/;

/** Labels that open a section of a paper page: structure, never a title or an author. */
const SECTION_LABELS = new RegExp(
  "^(?:" +
    [
      "abstract|summary|tl;?dr|overview|introduction|conclusions?|keywords|key ?words|index terms|topics|tasks|datasets|methods|results|code|models|spaces|collections",
      "paper|papers|publication|publication info|paper info|paper details|paper preview|details|metadata|metrics|quick actions|actions|resources|links|files|downloads|supplementary(?: material)?",
      "contribution|contributions|findings|key findings|ai key findings|highlights|key contributions|key points|takeaways|key takeaways|insights|why it matters|in short|one sentence",
      "(?:episode )?(?:synopsis|description|show notes|episode notes)|transcript|video transcript",
      "authors?|author\\(s\\)|affiliations?|venue|year|date|citation|citations?|references|bibliography|cited by|related|similar|similar papers|related works?|recommended|recommendations|more like this",
      "code & models|code and models|peer reviews|figures|figures and tables(?: from this paper)?|tables|videos?|slides|poster|posters|talk|oral|spotlight|spotlight poster|highlight poster|peer reviews|reviews|comments|replies|discussion|taxonomy|reproductions?|reproduce|notes?|memo|annotations",
      "bibtex|citation impact|submission history|subjects|categories|comments|journal reference|report number|cite as|related dois?|keywords|topics (?:&|and) keywords|un sustainable development goals",
      "\\d{1,2}(?:\\.\\d{1,2})*\\.? [A-Z][^.:\\d]{0,60}",
      "(?:[IVX]{1,5}|[A-H])\\. [A-Z][^.:\\d]{0,60}",
      "document sections|authors info & claims|publication history|author information|author notes|article information|cited by|metrics|full text views|citations? alerts?",
    ].join("|") +
    ")(?:\\s*\\(\\d[\\d,]*\\))?[:.]?$",
  "i",
);

/** True for a breadcrumb trail ("Computer Science > Machine Learning", "arxiv logo > cs > arXiv:…"). */
export function isBreadcrumb(line: string): boolean {
  const s = line.trim();
  return s.length <= 200 && BREADCRUMB.test(s) && !/[.?!]\s/.test(s);
}

const TRAILING_MARK = /[\s.:!?»›→↗↘⇢▸▾▼▲⌄✓✔×✕]/u;

/** One entry of a menu or bar: chrome on its own. */
function isChromeEntry(entry: string): boolean {
  // Trailing marks go by a loop: /[…]+$/ is quadratic on a long run of dots (issue 29).
  const bare = trimEndWhere(entry, (c) => TRAILING_MARK.test(c)).replace(/^[\s•·▸▶►→↗]+/u, "");
  return bare.length > 0 && bare.length <= 160 && (COUNTER.test(bare) || CHROME_LINES.test(bare));
}

/** A menu or bar on one line: entries between separators ("Home | About | Blog", "Share · Tweet"), each chrome. */
function isMenuLine(s: string): boolean {
  if (s.length > 300) return false;
  const parts = s.split(/\s*[|·•]\s*|\s{2,}/).filter((p) => p !== "");
  // "Publication | Open Access": a bar of badges and section names.
  if (parts.length >= 2) return parts.every((p) => isChromeEntry(p) || isSectionLabel(p));
  const words = s.split(/\s+/);
  return words.length >= 3 && words.length <= 12 && words.every(isChromeEntry);
}

/** True for a line of site chrome: never a title, an author or a citation. */
export function isChrome(line: string): boolean {
  const s = line.trim();
  if (!s) return false;
  if (COUNTER.test(s)) return true;
  if (/^[\p{P}\p{S}\s]+$/u.test(s)) return true;
  if (isChromeEntry(s)) return true;
  if (s.length <= 600 && CHROME_PHRASES.test(s)) return true;
  if (s.length <= 200 && (SERIES_COUNTER.test(s) || CALL_TO_ACTION.test(s))) return true;
  return isBreadcrumb(s) || isMenuLine(s);
}

/** True for a line that only names a section ("Abstract", "TL;DR", "1 Introduction", "Datasets"). */
export function isSectionLabel(line: string): boolean {
  const s = line
    .trim()
    .replace(/^#{1,6}\s+/, "")
    .replace(/^[\p{Extended_Pictographic}\uFE0F\s]+/u, "");
  return s.length <= 90 && SECTION_LABELS.test(s);
}
