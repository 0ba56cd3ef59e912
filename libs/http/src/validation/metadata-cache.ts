import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type Lookup = MetadataStorage['getTargetValidationMetadatas'];

const installed = new WeakSet<MetadataStorage>();

/**
 * Makes class-validator's lookup of a class's rules a cache hit. Its MetadataStorage answers each
 * validated object (every DTO, nested object and Kafka event payload) by scanning every registered
 * class for ancestors with `instanceof`, and groups the rules by property again: with a few hundred
 * classes that was 4-14% of an app's CPU on the payment paths (docs/performance.md, "Validation
 * rules looked up once"). The answer depends only on the class and the options, and on the rules
 * registered, which change only while modules load: registering one empties the cache.
 */
export function cacheValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  if (installed.has(storage)) return;
  installed.add(storage);
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const groupByProperty = storage.groupByPropertyName.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let answers = new Map<unknown, Map<string, ValidationMetadata[]>>();
  let groupings = new WeakMap<ValidationMetadata[], Record<string, ValidationMetadata[]>>();

  storage.addValidationMetadata = (metadata: ValidationMetadata) => {
    answers = new Map();
    groupings = new WeakMap();
    addRule(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const options = `${schema}|${always}|${strictGroups}|${groups?.join(',') ?? ''}`;
    let byOptions = answers.get(target);
    if (!byOptions) answers.set(target, (byOptions = new Map()));
    let rules = byOptions.get(options);
    if (!rules) byOptions.set(options, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.groupByPropertyName = (rules: ValidationMetadata[]) => {
    let grouped = groupings.get(rules);
    if (!grouped) groupings.set(rules, (grouped = groupByProperty(rules)));
    return grouped;
  };
}
