// `… | node scripts/json-field.mjs .data[0].id`: prints one field of the JSON read from stdin, for
// shell scripts such as the README's tour (jq's `-r` for a path, without installing jq). A string
// prints as is, anything else as JSON. A missing field or a body that is not JSON exits 1, showing
// the body: usually an error answer the previous step did not expect.
const USAGE = 'usage: … | node scripts/json-field.mjs .path.to[0].field';

/** `.data[0].id` → ['data', 0, 'id']; undefined when the path is not of that form. */
function pathSegments(path) {
  if (path === '.') return [];
  if (!/^(\.[A-Za-z_$][\w$-]*|\[\d+\])+$/.test(path)) return undefined;
  return [...path.matchAll(/\.([A-Za-z_$][\w$-]*)|\[(\d+)\]/g)].map(([, key, index]) =>
    key === undefined ? Number(index) : key,
  );
}

/** The value at `segments` in `value`, or undefined. */
function fieldAt(value, segments) {
  return segments.reduce(
    (node, segment) => (node === null || node === undefined ? undefined : node[segment]),
    value,
  );
}

function render(value) {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const segments = process.argv[2] === undefined ? undefined : pathSegments(process.argv[2]);
  if (segments === undefined) {
    console.error(USAGE);
    process.exit(2);
  }
  const text = await readStdin();
  const excerpt = text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
  let value;
  try {
    value = fieldAt(JSON.parse(text), segments);
  } catch {
    console.error(`json-field: the input is not JSON: ${excerpt || '(empty)'}`);
    process.exit(1);
  }
  if (value === undefined) {
    console.error(`json-field: no ${process.argv[2]} in ${excerpt}`);
    process.exit(1);
  }
  console.log(render(value));
}
