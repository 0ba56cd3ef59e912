/**
 * Just enough PromQL reading for the monitoring checks: the metric names an expression selects and
 * whether its brackets balance. Not a parser: promtool (`promtool check rules`) is the full check.
 */

const CLOSING: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Words of the language that are neither metrics nor functions (those are followed by "("). */
const KEYWORDS = new Set([
  ...['and', 'or', 'unless', 'atan2', 'bool', 'offset', 'inf', 'nan'],
  // Also valid without their label list.
  ...['group_left', 'group_right'],
]);

/** Clauses whose parentheses hold label names. */
const LABEL_LIST_CLAUSE = /\b(by|without|on|ignoring|group_left|group_right)\s*\([^()]*\)/g;

/** A number with its unit (5m, 1e3, 0x1f) or a name; numbers come first so that "30m" is not read as "m". */
const TOKEN = /\d[\w.]*|[a-zA-Z_:][\w:]*/g;

/** The expression with its string literals emptied, so that their contents are never read as syntax. */
function withoutStrings(expr: string): string {
  return expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""');
}

/** The first bracket that does not close, or closes the wrong one; undefined when all balance. */
export function unbalancedBracket(expr: string): string | undefined {
  const open: string[] = [];
  for (const char of withoutStrings(expr)) {
    if (char in CLOSING) open.push(char);
    else if (Object.values(CLOSING).includes(char)) {
      const last = open.pop();
      if (!last || CLOSING[last] !== char) return char;
    }
  }
  return open.at(-1);
}

/** The metric names an expression selects, with neither functions, keywords nor label names. */
export function metricNamesIn(expr: string): string[] {
  // A selector by __name__ would hide its metric from this reading.
  if (/\b__name__\b/.test(expr)) throw new Error(`select metrics by name, not by __name__: ${expr}`);
  const stripped = withoutStrings(expr)
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(LABEL_LIST_CLAUSE, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(TOKEN)) {
    const [token] = match;
    const isFunction = /^\s*\(/.test(stripped.slice(match.index + token.length));
    if (/^\d/.test(token) || isFunction || KEYWORDS.has(token)) continue;
    names.add(token);
  }
  return [...names];
}

/** Each `metric{...}` selector of an expression with the label names its matchers test. */
export function selectorsIn(expr: string): { metric: string; labels: string[] }[] {
  return [...withoutStrings(expr).matchAll(/([a-zA-Z_:][\w:]*)\s*\{([^}]*)\}/g)].map(
    ([, metric, matchers]) => ({
      metric,
      labels: [...matchers.matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)].map(([, label]) => label),
    }),
  );
}

/**
 * The name a series of `name` belongs to: a histogram or summary exports `<name>_bucket`, `_sum`
 * and `_count`, so those count as the metric they come from when it is one of `sampled`.
 */
export function exportedMetricOf(name: string, sampled: ReadonlySet<string>): string {
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return base !== name && sampled.has(base) ? base : name;
}
