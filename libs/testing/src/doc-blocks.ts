/**
 * The shell examples of the docs, as the doc test runs them: every ```sh block of a Markdown file, in
 * order, except one announced by a `<!-- not doc-tested: why -->` line just above its fence.
 */
export interface ShellBlock {
  /** The 1-based line of the block's first command in its file, for failure messages. */
  line: number;
  text: string;
}

const SKIP_MARKER = /^<!--\s*not doc-tested:.+-->\s*$/;
const EXPECT_MARKER = /#\s*expect (\d{3})\b/;

export function shellBlocks(markdown: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (lines[index].trim() !== '```sh') continue;
    const end = lines.findIndex((line, at) => at > index && line.trim() === '```');
    if (end === -1) throw new Error(`the \`\`\`sh block at line ${index + 1} is never closed`);
    const skipped = index > 0 && SKIP_MARKER.test(lines[index - 1].trim());
    if (!skipped) blocks.push({ line: index + 2, text: lines.slice(index + 1, end).join('\n') });
    index = end;
  }
  return blocks;
}

/**
 * Turns each `# expect NNN` note into EXPECT_STATUS=NNN on the curl call it belongs to (on its line,
 * or the nearest line above for a call whose body spans lines), for the doc test's curl to check.
 */
export function withExpectedStatuses(script: string): string {
  const lines = script.split('\n');
  lines.forEach((line, index) => {
    const status = EXPECT_MARKER.exec(line)?.[1];
    if (status === undefined) return;
    let at = index;
    while (at >= 0 && !/\bcurl\s/.test(lines[at])) at--;
    if (at < 0) throw new Error(`"# expect ${status}" on line ${index + 1} follows no curl call`);
    lines[at] = lines[at].replace(/\bcurl\s/, `EXPECT_STATUS=${status} curl `);
  });
  return lines.join('\n');
}

/** Replaces each literal of `replacements` (a URL, a port) everywhere in the script. */
export function retargeted(script: string, replacements: Record<string, string>): string {
  return Object.entries(replacements).reduce((text, [from, to]) => text.split(from).join(to), script);
}
