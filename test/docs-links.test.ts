// The user's documentation holds together: README.md stays a page a user reads (at most 300 lines),
// and every relative link in it and in docs/*.md names a file that exists and, with #anchor, a heading
// in it (GitHub's anchor rules). External links are not fetched.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./engine-harness.js";

const pages = [
  "README.md",
  ...fs
    .readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks and inline code, where links and headings count. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").flatMap((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [line.replace(/`[^`]*`/g, (code) => code.replace(/[[\]()]/g, ""))];
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

function links(page: string): string[] {
  const text = prose(fs.readFileSync(path.join(ROOT, page), "utf8")).join("\n");
  return [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

describe("README.md and docs/", () => {
  it("README.md is at most 300 lines", () => {
    expect(fs.readFileSync(path.join(ROOT, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(300);
  });

  it("README.md links to the reference pages in docs/", () => {
    const linked = new Set(links("README.md").map((l) => l.split("#")[0]));
    for (const page of pages.filter((p) => p !== "README.md")) expect(linked, page).toContain(page);
  });

  it("README.md explains the EBADENGINE warnings `npm install` prints on Node 20 (Electron wants 22.12)", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    const electron = JSON.parse(
      fs.readFileSync(path.join(ROOT, "node_modules", "electron", "package.json"), "utf8"),
    ) as { engines?: { node?: string } };
    // While the Electron we pin asks for a newer Node than ours, the README must say why npm warns.
    if (electron.engines?.node !== undefined && /22\.12/.test(electron.engines.node))
      expect(readme).toMatch(/EBADENGINE[^]*Node 20/);
    expect(readme).toContain("EBADENGINE");
  });

  it("reads anchors the way GitHub makes them", () => {
    const text =
      "# The terminal dashboard (`mytty-bar --tui`)\n## Troubleshooting\n## Troubleshooting\n```\n# not a heading\n```\n";
    expect([...anchors(text)]).toEqual([
      "the-terminal-dashboard-mytty-bar---tui",
      "troubleshooting",
      "troubleshooting-1",
    ]);
  });

  for (const page of pages) {
    it(`${page}: every relative link resolves to a file and, with #anchor, a heading in it`, () => {
      const broken: string[] = [];
      for (const link of links(page)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
        const [file = "", anchor] = link.split("#");
        const target =
          file === "" ? path.join(ROOT, page) : path.resolve(path.dirname(path.join(ROOT, page)), decodeURI(file));
        if (!fs.existsSync(target)) broken.push(`${link} (no such file)`);
        else if (anchor !== undefined && !anchors(fs.readFileSync(target, "utf8")).has(anchor))
          broken.push(`${link} (no such heading)`);
      }
      expect(broken).toEqual([]);
    });
  }
});
