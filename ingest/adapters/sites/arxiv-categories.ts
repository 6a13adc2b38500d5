/**
 * arXiv subject names as its pages print them ("Computer Science > Machine Learning") and the
 * category codes they stand for (cs.LG): the breadcrumb of an abstract page names its primary
 * category only this way. Computer science and the statistics and electrical-engineering archives
 * researchers in this field post to.
 */
const CATEGORIES: Record<string, Record<string, string>> = {
  "computer science": {
    "artificial intelligence": "cs.AI",
    "computation and language": "cs.CL",
    "computational complexity": "cs.CC",
    "computational engineering, finance, and science": "cs.CE",
    "computational geometry": "cs.CG",
    "computer science and game theory": "cs.GT",
    "computer vision and pattern recognition": "cs.CV",
    "computers and society": "cs.CY",
    "cryptography and security": "cs.CR",
    "data structures and algorithms": "cs.DS",
    databases: "cs.DB",
    "digital libraries": "cs.DL",
    "discrete mathematics": "cs.DM",
    "distributed, parallel, and cluster computing": "cs.DC",
    "emerging technologies": "cs.ET",
    "formal languages and automata theory": "cs.FL",
    "general literature": "cs.GL",
    graphics: "cs.GR",
    "hardware architecture": "cs.AR",
    "human-computer interaction": "cs.HC",
    "information retrieval": "cs.IR",
    "information theory": "cs.IT",
    "logic in computer science": "cs.LO",
    "machine learning": "cs.LG",
    "mathematical software": "cs.MS",
    "multiagent systems": "cs.MA",
    multimedia: "cs.MM",
    "networking and internet architecture": "cs.NI",
    "neural and evolutionary computing": "cs.NE",
    "numerical analysis": "cs.NA",
    "operating systems": "cs.OS",
    other: "cs.OH",
    performance: "cs.PF",
    "programming languages": "cs.PL",
    robotics: "cs.RO",
    "social and information networks": "cs.SI",
    "software engineering": "cs.SE",
    sound: "cs.SD",
    "symbolic computation": "cs.SC",
    "systems and control": "cs.SY",
  },
  statistics: { "machine learning": "stat.ML", methodology: "stat.ME", applications: "stat.AP", computation: "stat.CO", "statistics theory": "stat.TH" },
  "electrical engineering and systems science": { "audio and speech processing": "eess.AS", "image and video processing": "eess.IV", "signal processing": "eess.SP", "systems and control": "eess.SY" },
};

/** "Computer Science > Machine Learning" → "cs.LG"; undefined for any other line. */
export function categoryOfBreadcrumb(line: string): string | undefined {
  const m = /^([A-Za-z ,-]{3,60}?)\s*>\s*([A-Za-z ,-]{3,80}?)\s*$/.exec(line.trim());
  if (!m?.[1] || !m[2]) return undefined;
  return CATEGORIES[m[1].toLowerCase()]?.[m[2].toLowerCase()];
}
