// The suite's table: per fault, the requests its load sent, the retries they took, what the final
// checks found against them and how long the service took to answer again.
/** @type {[string, number][]} */
const COLUMNS = [
  ['fault', 28],
  ['requests', 9],
  ['retries', 8],
  ['duplicates', 11],
  ['lost', 5],
  ['stuck', 6],
  ['webhooks', 9],
  ['recovered', 10],
  ['apps back', 10],
];

export function summaryTable(phases, findings) {
  const rows = phases.map((phase) => {
    const own = findings.filter((finding) => finding.phase === phase.fault);
    return [
      phase.fault,
      phase.requests.length,
      phase.requests.reduce((sum, request) => sum + request.attempts - 1, 0),
      ...counts(own),
      seconds(phase.recoveredAt, phase.injectedAt),
      seconds(phase.appsBackAt, phase.injectedAt),
    ];
  });
  const unattributed = findings.filter((finding) => !phases.some((phase) => phase.fault === finding.phase));
  if (unattributed.length) rows.push(['(no request of a phase)', '', '', ...counts(unattributed), '', '']);
  const line = (cells) =>
    cells
      .map((cell, index) => String(cell).padEnd(COLUMNS[index][1]))
      .join(' ')
      .trimEnd();
  return [line(COLUMNS.map(([title]) => title)), ...rows.map(line)].join('\n');
}

function counts(findings) {
  const count = (...types) => findings.filter((finding) => types.includes(finding.type)).length;
  return [count('duplicate'), count('lost'), count('stuck', 'terminal'), count('webhook')];
}

function seconds(at, from) {
  return at === undefined ? 'never' : `${((at - from) / 1000).toFixed(1)} s`;
}
