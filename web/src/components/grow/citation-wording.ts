/**
 * How the explorer words a citation a source described: "cites it as background, method" from
 * Semantic Scholar's intents ("background", "methodology", "result"), in the order given, unknown
 * intents as the source spelled them. Pure.
 */
const INTENT_WORDS: Record<string, string> = { background: "background", methodology: "method", method: "method", result: "result", results: "result" };

export function intentWords(intents: readonly string[]): string[] {
  const words: string[] = [];
  for (const i of intents) {
    const word = INTENT_WORDS[i.toLowerCase()] ?? i;
    if (!words.includes(word)) words.push(word);
  }
  return words;
}

/** "cites it as background / method", or null when the source gave no intent. */
export function citesAs(intents: readonly string[], subject = "it"): string | null {
  const words = intentWords(intents);
  return words.length > 0 ? `cites ${subject} as ${words.join(" / ")}` : null;
}
