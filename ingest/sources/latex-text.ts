/**
 * The text a BibTeX value means, from the LaTeX it is written in: accents (`{\"o}`, `\'{e}`,
 * `\v{s}`, `\c c`) as the letters they make, the special letters (`\ss`, `\o`, `\l`, `\aa`, `\i`),
 * escaped characters (`\&`, `\%`, `\_`), dashes (`--`, `---`), quotes (``` `` ```, `''`), ties
 * (`~`), common symbols and Greek letters; formatting (`\emph{…}`, `{\bf …}`, `\textsc{…}`,
 * math `$…$`) keeps its text and drops its markup, and protecting braces are dropped. An unknown
 * command keeps what it is applied to. One pass, no recursion: braces nested 200,000 deep cost
 * what 200,000 letters cost. Pure.
 */

/** Combining marks of the accent commands. */
const ACCENTS: Readonly<Record<string, string>> = {
  "'": "\u0301",
  "`": "\u0300",
  "^": "\u0302",
  '"': "\u0308",
  "~": "\u0303",
  "=": "\u0304",
  ".": "\u0307",
  u: "\u0306",
  v: "\u030c",
  H: "\u030b",
  c: "\u0327",
  d: "\u0323",
  b: "\u0331",
  r: "\u030a",
  k: "\u0328",
  t: "\u0361",
};

/** Commands that stand for a character (or a short text). */
const SYMBOLS: Readonly<Record<string, string>> = {
  i: "ı",
  j: "ȷ",
  o: "ø",
  O: "Ø",
  l: "ł",
  L: "Ł",
  ss: "ß",
  SS: "SS",
  ae: "æ",
  AE: "Æ",
  oe: "œ",
  OE: "Œ",
  aa: "å",
  AA: "Å",
  dh: "ð",
  DH: "Ð",
  th: "þ",
  TH: "Þ",
  ng: "ŋ",
  NG: "Ŋ",
  dj: "đ",
  DJ: "Đ",
  copyright: "©",
  textcopyright: "©",
  textregistered: "®",
  texttrademark: "™",
  pounds: "£",
  textsterling: "£",
  euro: "€",
  texteuro: "€",
  S: "§",
  P: "¶",
  dag: "†",
  ddag: "‡",
  textendash: "–",
  textemdash: "—",
  textquoteleft: "‘",
  textquoteright: "’",
  textquotedblleft: "“",
  textquotedblright: "”",
  guillemotleft: "«",
  guillemotright: "»",
  ldots: "…",
  dots: "…",
  textellipsis: "…",
  textbackslash: "\\",
  textasciitilde: "~",
  textunderscore: "_",
  textbar: "|",
  textless: "<",
  textgreater: ">",
  textdegree: "°",
  textbullet: "•",
  LaTeX: "LaTeX",
  TeX: "TeX",
  BibTeX: "BibTeX",
  LaTeXe: "LaTeX2ε",
  alpha: "α",
  beta: "β",
  gamma: "γ",
  delta: "δ",
  epsilon: "ε",
  varepsilon: "ε",
  zeta: "ζ",
  eta: "η",
  theta: "θ",
  iota: "ι",
  kappa: "κ",
  lambda: "λ",
  mu: "μ",
  nu: "ν",
  xi: "ξ",
  pi: "π",
  rho: "ρ",
  sigma: "σ",
  tau: "τ",
  upsilon: "υ",
  phi: "φ",
  varphi: "φ",
  chi: "χ",
  psi: "ψ",
  omega: "ω",
  Gamma: "Γ",
  Delta: "Δ",
  Theta: "Θ",
  Lambda: "Λ",
  Xi: "Ξ",
  Pi: "Π",
  Sigma: "Σ",
  Phi: "Φ",
  Psi: "Ψ",
  Omega: "Ω",
  times: "×",
  cdot: "·",
  pm: "±",
  infty: "∞",
  leq: "≤",
  geq: "≥",
  le: "≤",
  ge: "≥",
  neq: "≠",
  approx: "≈",
  rightarrow: "→",
  to: "→",
  leftarrow: "←",
  ell: "ℓ",
};

/** Symbol commands that are letters of a word: the space after them only ends the command (`Stra\ss e`). */
const LETTERS = new Set(["i", "j", "o", "O", "l", "L", "ss", "SS", "ae", "AE", "oe", "OE", "aa", "AA", "dh", "DH", "th", "TH", "ng", "NG", "dj", "DJ"]);
/** Commands whose first argument is not text (`\href{url}{text}` keeps its text). */
const SKIP_FIRST_ARGUMENT = new Set(["href"]);
/** Commands whose argument is not shown at all (`{\noopsort{a}}` only orders a bibliography). */
const DROP_ARGUMENT = new Set(["noopsort", "cite", "citep", "citet", "label", "ref", "footnote", "thanks", "hspace", "vspace", "index"]);
/** Commands whose argument is kept as written (a URL's `~`, `%` and `--` are its own). */
const VERBATIM_ARGUMENT = new Set(["url", "path", "nolinkurl"]);

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** The end of a `{…}` group starting at `i` (its braces balanced): the index after it. */
function groupEnd(text: string, i: number): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return j + 1;
  }
  return text.length;
}

/** A command's name at `i` (after its backslash): letters, or one other character. */
function commandName(text: string, i: number): string {
  if (!isLetter(text.charCodeAt(i))) return text[i] ?? "";
  let k = i;
  while (k < text.length && isLetter(text.charCodeAt(k))) k++;
  return text.slice(i, k);
}

/** The letter an accent applies to, and where reading goes on: `e`, `{e}` (reading goes on inside the group), `\i`, `{\i}`. */
function accentBase(text: string, i: number): { base: string; next: number } {
  let j = i;
  while (j < text.length && isSpace(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) === 123) {
    j++;
    while (j < text.length && isSpace(text.charCodeAt(j))) j++;
  }
  if (text.charCodeAt(j) === 92) {
    const name = commandName(text, j + 1);
    const symbol = SYMBOLS[name] ?? "";
    return { base: symbol === "ı" ? "i" : symbol === "ȷ" ? "j" : symbol, next: j + 1 + name.length };
  }
  if (text.charCodeAt(j) === 125) return { base: "", next: j };
  const cp = text.codePointAt(j);
  if (cp === undefined) return { base: "", next: j };
  const ch = String.fromCodePoint(cp);
  return { base: ch, next: j + ch.length };
}

/**
 * What a value says as one line of Unicode (NFC, white space collapsed). `verbatim` reads an
 * identifier (a DOI, a URL, an eprint): braces and escapes (`\_`, `\%`) go, dashes, ties and
 * quotes stay as written.
 */
export function latexToText(text: string, options: { verbatim?: boolean } = {}): string {
  if (!/[\\{}$~`'-]/.test(text)) return collapse(text);
  const verbatim = options.verbatim === true;
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 123 || c === 125 || (c === 36 && !verbatim)) {
      // Braces protect and group, dollars shift to math: neither is text.
      i++;
      continue;
    }
    if (c === 92 && i + 1 < text.length) {
      const name = commandName(text, i + 1);
      let after = i + 1 + name.length;
      const word = isLetter(text.charCodeAt(i + 1));
      const spaced = word && after < text.length && isSpace(text.charCodeAt(after));
      if (word) while (after < text.length && isSpace(text.charCodeAt(after))) after++;
      const accent = !verbatim && (word ? name.length === 1 : true) ? ACCENTS[name] : undefined;
      if (accent !== undefined) {
        const { base, next } = accentBase(text, word ? after : i + 2);
        if (base) out.push(base + accent);
        i = next;
        continue;
      }
      const symbol = SYMBOLS[name];
      if (word && symbol !== undefined) {
        out.push(symbol);
        if (text.startsWith("{}", after)) after += 2;
        else if (spaced && !LETTERS.has(name)) out.push(" ");
        i = after;
        continue;
      }
      if (word && text.charCodeAt(after) === 123) {
        if (VERBATIM_ARGUMENT.has(name)) {
          const end = groupEnd(text, after);
          out.push(text.slice(after + 1, Math.max(after + 1, end - 1)));
          i = end;
          continue;
        }
        if (SKIP_FIRST_ARGUMENT.has(name) || DROP_ARGUMENT.has(name)) {
          i = groupEnd(text, after);
          continue;
        }
      }
      if (word) {
        // Formatting and unknown commands: the command goes, what it applies to stays.
        i = after;
        continue;
      }
      // `\&`, `\%`, `\_`, `\{`: the character; `\\`, `\ ` and `\,` a space; `\-` (a hyphenation point) nothing.
      out.push(name === "\\" || name === " " || name === "," || name === ";" || name === "!" ? " " : name === "-" || name === "/" ? "" : name);
      i += 2;
      continue;
    }
    if (!verbatim) {
      if (c === 126) {
        out.push(" ");
        i++;
        continue;
      }
      if (c === 45 && text.charCodeAt(i + 1) === 45) {
        const em = text.charCodeAt(i + 2) === 45;
        out.push(em ? "—" : "–");
        i += em ? 3 : 2;
        continue;
      }
      if ((c === 96 || c === 39) && text.charCodeAt(i + 1) === c) {
        out.push(c === 96 ? "“" : "”");
        i += 2;
        continue;
      }
    }
    // A run of plain characters is copied at once (the character at `i` is plain by now).
    let k = i + 1;
    while (k < text.length) {
      const d = text.charCodeAt(k);
      if (d === 123 || d === 125 || d === 92 || d === 36 || d === 126 || d === 45 || d === 96 || d === 39) break;
      k++;
    }
    out.push(text.slice(i, k));
    i = k;
  }
  return collapse(out.join("").normalize("NFC"));
}

const NOT_COLLAPSED = /[^\S ]|\s\s|^\s|\s$/;

/** White space collapsed to single spaces and trimmed (one test when it is already). */
function collapse(s: string): string {
  return NOT_COLLAPSED.test(s) ? s.replace(/\s+/g, " ").trim() : s;
}
