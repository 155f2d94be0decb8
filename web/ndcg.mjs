// `import createNdcgModule from 'ndcg-calc'` (or `{ createNdcgModule,
// NdcgError }`): the same factory require('ndcg-calc') gives, so one
// process never holds two copies of the module.
import createNdcgModule from '../dist/ndcg.js';

export default createNdcgModule;
export { createNdcgModule };
export const { NdcgError } = createNdcgModule;
