// Validates Kubernetes objects against the API's schemas with the kubernetes-models packages (ESM
// only, hence a script the Jest spec runs): reads a JSON array of objects on stdin and prints a JSON
// array of {kind, name, errors}, one per object that does not validate or whose kind is unknown.
const PACKAGES_BY_GROUP = {
  'keda.sh': '@kubernetes-models/keda',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};

/** The module that holds the model of an apiVersion: 'v1', 'apps/v1', 'keda.sh/v1alpha1'. */
function modelModule(apiVersion) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  if (group === '') return `kubernetes-models/${version}`;
  return `${PACKAGES_BY_GROUP[group] ?? 'kubernetes-models'}/${group}/${version}`;
}

async function problemsOf(object) {
  const where = { kind: object.kind, name: object.metadata?.name };
  let models;
  try {
    models = await import(modelModule(object.apiVersion));
  } catch {
    return { ...where, errors: [`no schema for ${object.apiVersion}`] };
  }
  const Model = models[object.kind];
  if (!Model) return { ...where, errors: [`no kind ${object.kind} in ${object.apiVersion}`] };
  try {
    new Model(object).validate();
    return undefined;
  } catch (error) {
    return { ...where, errors: [error.message] };
  }
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const objects = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const problems = (await Promise.all(objects.map(problemsOf))).filter(Boolean);
console.log(JSON.stringify(problems));
