// The texts each call takes among its options that are inputs, not rows of
// the option table (the core reads them as files, not as option values):
// api.js splits them off, scripts/types/build-types.mjs types them.
export const INPUTS = { explain: ['qrels'], trec: ['subtopics', 'zscores', 'group'], compare: ['group'] };
