/**
 * Where a Zotero library lives when the user names no file: Zotero's data directory, which is
 * `~/Zotero` on Linux, macOS and Windows alike unless the user moved it (Settings → Advanced →
 * Files and Folders), in which case the default profile's `prefs.js` says where
 * (`extensions.zotero.useDataDir` and `extensions.zotero.dataDir`). Profiles are listed in
 * `profiles.ini` under `~/.zotero/zotero` (Linux), `~/Library/Application Support/Zotero`
 * (macOS) and `%APPDATA%\Zotero\Zotero` (Windows), as Zotero's profile.js and
 * dataDirectory.js read them. The parsers are pure; `defaultZoteroDatabase` reads the files.
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, win32, posix } from "node:path";

export interface ZoteroPlace {
  platform: NodeJS.Platform;
  home: string;
  /** %APPDATA% on Windows. */
  appData?: string | undefined;
}

export const ZOTERO_DATABASE = "zotero.sqlite";

/** The folder that holds `profiles.ini` on this platform. */
export function profilesRoot(place: ZoteroPlace): string {
  const path = place.platform === "win32" ? win32 : posix;
  if (place.platform === "win32") return path.join(place.appData ?? path.join(place.home, "AppData", "Roaming"), "Zotero", "Zotero");
  if (place.platform === "darwin") return path.join(place.home, "Library", "Application Support", "Zotero");
  return path.join(place.home, ".zotero", "zotero");
}

/** The default profile's folder named by `profiles.ini` (the `Default=1` section, else the last), relative to `root` when it says so. */
export function defaultProfile(ini: string, root: string, platform: NodeJS.Platform): string | undefined {
  let current: Record<string, string> | undefined;
  let chosen: Record<string, string> | undefined;
  for (const raw of ini.split(/\r?\n|\r/)) {
    const line = raw.trim();
    if (line.startsWith("[") && line.endsWith("]")) current = {};
    else if (current && line.includes("=")) {
      const at = line.indexOf("=");
      current[line.slice(0, at)] = line.slice(at + 1);
      if (line === "Default=1") chosen = current;
    }
  }
  chosen ??= current;
  const path = chosen?.Path;
  if (!path) return undefined;
  const joinPath = platform === "win32" ? win32.join : posix.join;
  return chosen?.IsRelative === "1" ? joinPath(root, ...path.split("/")) : path;
}

/** The data directory `prefs.js` sets, when it sets one and says to use it. */
export function dataDirFromPrefs(prefs: string): string | undefined {
  const pref = (name: string) => new RegExp(`^\\s*user_pref\\(\\s*"extensions\\.zotero\\.${name}"\\s*,\\s*(.+?)\\s*\\)\\s*;`, "m").exec(prefs)?.[1];
  if (pref("useDataDir") !== "true") return undefined;
  const value = pref("dataDir");
  if (!value?.startsWith('"') || !value.endsWith('"')) return undefined;
  try {
    return JSON.parse(value) as string;
  } catch {
    return undefined;
  }
}

/** Where Zotero keeps its database on this machine, and how that was found. */
export function defaultZoteroDatabase(place: ZoteroPlace = { platform: process.platform, home: homedir(), appData: process.env.APPDATA }): { path: string; from: string } {
  const root = profilesRoot(place);
  const ini = join(root, "profiles.ini");
  const fallback = { path: (place.platform === "win32" ? win32 : posix).join(place.home, "Zotero", ZOTERO_DATABASE), from: "Zotero's default data directory" };
  const profile = existsSync(ini) ? defaultProfile(readFileSync(ini, "utf8"), root, place.platform) : undefined;
  const prefsFile = profile ? join(profile, "prefs.js") : undefined;
  if (!prefsFile || !existsSync(prefsFile)) return fallback;
  const dataDir = dataDirFromPrefs(readFileSync(prefsFile, "utf8"));
  if (!dataDir || !(isAbsolute(dataDir) || win32.isAbsolute(dataDir))) return fallback;
  return { path: join(dataDir, ZOTERO_DATABASE), from: `the data directory set in ${prefsFile}` };
}
